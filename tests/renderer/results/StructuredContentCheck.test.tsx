import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { StructuredContentCheck } from '@renderer/components/results/StructuredContentCheck'
import { createI18n } from '@renderer/i18n'
import { I18nextProvider } from 'react-i18next'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { StoreTab, fixture, stdioServer } from '../tools/harness'

// structured content checked against the tool's outputSchema, as the Inspector does
let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

async function runShape(good: boolean) {
  const main = await createMcpApi()
  dispose = main.dispose
  const server = stdioServer('devtools', fixture('devtools.mjs'))
  await main.addServers([server])
  renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  fireEvent.click(await screen.findByTestId('tool-run-shape', {}, { timeout: 20_000 }))
  const body = await screen.findByTestId('tool-runner-body')
  if (good) fireEvent.click(within(body).getByLabelText(/^good/))
  fireEvent.click(screen.getByTestId('runner-run'))
  return screen.findByTestId('result-schema', {}, { timeout: 20_000 })
}

describe('the tool runner checks structured content against the outputSchema', () => {
  it('a result that does not match is shown, as sent, with the first error and where it is', async () => {
    const check = await runShape(false)
    expect(check.dataset.valid).toBe('false')
    expect(check.textContent).toMatch(/^.*Does not match the output schema: \/count: /)
    // the content itself is there: the host did not turn it into an error
    expect(screen.getByTestId('tool-result').dataset.error).toBe('false')
    expect(screen.getByTestId('result-structured').textContent).toContain('three')
  })

  it('a result that matches says so', async () => {
    const check = await runShape(true)
    await waitFor(() => expect(check.dataset.valid).toBe('true'), { timeout: 10_000 })
    expect(check.textContent).toBe('Matches the output schema')
  })
})

describe('StructuredContentCheck', () => {
  const schema = { type: 'object' as const, properties: { items: { type: 'array', items: { type: 'string' } } }, required: ['items'] }
  const show = (node: React.ReactNode, language: 'en-US' | 'zh-CN' = 'en-US') =>
    render(<I18nextProvider i18n={createI18n(language)}>{node}</I18nextProvider>)

  it('names a missing required property by its path', () => {
    show(<StructuredContentCheck result={{ content: [], structuredContent: {} }} outputSchema={schema} />)
    expect(screen.getByTestId('result-schema').textContent).toContain('/items')
  })

  it('says when a tool with a schema sent no structured content, and says nothing for a failed call or no schema', () => {
    const { unmount } = show(<StructuredContentCheck result={{ content: [] }} outputSchema={schema} />, 'zh-CN')
    expect(screen.getByTestId('result-schema').textContent).toContain('没有返回结构化内容')
    unmount()
    show(
      <>
        <StructuredContentCheck result={{ content: [], isError: true }} outputSchema={schema} />
        <StructuredContentCheck result={{ content: [], structuredContent: { a: 1 } }} />
      </>
    )
    expect(screen.queryByTestId('result-schema')).toBeNull()
  })

  it('a nested value of the wrong type is named by its path', () => {
    show(<StructuredContentCheck result={{ content: [], structuredContent: { items: ['a', 2] } }} outputSchema={schema} />)
    expect(screen.getByTestId('result-schema').textContent).toContain('/items/1: ')
  })
})
