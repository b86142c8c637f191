import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { ToolResultView } from '@renderer/components/results/ToolResultView'
import { setLanguage } from '@renderer/store/settings'
import { createMcpApi, disposeTrackedApis, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { SHOWCASE, StoreTab, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
  disposeTrackedApis()
})

/** Runs one showcase tool through the real runner and main side; resolves with its result card. */
async function runShowcase(tool: string) {
  const main = await createMcpApi()
  dispose = main.dispose
  const server = stdioServer('showcase', SHOWCASE)
  await main.addServers([server])
  const view = renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  fireEvent.click(await screen.findByTestId(`tool-run-${tool}`, {}, { timeout: 20_000 }))
  fireEvent.click(await screen.findByTestId('runner-run'))
  const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
  return { ...view, result }
}

describe('annotations', () => {
  it("shows a block's audience, priority and date as tags, and nothing for a block without any", async () => {
    const { result, store } = await runShowcase('annotated')
    const [text, link] = within(result).getAllByTestId('annotations')
    expect(within(text).getByTestId('annotations-audience').textContent).toBe('Audience: user')
    expect(within(text).getByTestId('annotations-priority').textContent).toBe('Priority 0.9')
    const modified = within(text).getByTestId('annotations-lastModified')
    expect(modified.textContent).toMatch(/^Modified .*2025/)
    // the exact value the server sent is there on hover
    expect(modified.getAttribute('title')).toBe('2025-01-12T15:00:58Z')
    expect(link.textContent).toBe('Audience: assistant, userPriority 0.2')
    // the second link has no annotations: no tags for it
    expect(within(result).getAllByTestId('annotations')).toHaveLength(2)

    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    await waitFor(() => expect(within(text).getByTestId('annotations-audience').textContent).toBe('受众：用户'))
    expect(within(text).getByTestId('annotations-priority').textContent).toBe('优先级 0.9')
  })

  it('a date the server got wrong is shown as it sent it', async () => {
    renderApp(
      <ToolResultView result={{ content: [{ type: 'text', text: 'x', annotations: { lastModified: 'yesterday' } }] }} />,
      { api: trackedRealApi() }
    )
    expect((await screen.findByTestId('annotations-lastModified')).textContent).toBe('Modified yesterday')
  })
})

describe('resource links in a result', () => {
  it('Read reads the resource from the server that returned it, in place; a missing one shows the error', async () => {
    const { result } = await runShowcase('annotated')
    const [today, missing] = within(result).getAllByTestId('result-resource-link')
    expect(today.textContent).toContain('showcase://notes/today')
    expect(today.textContent).toContain('(text/markdown)')
    fireEvent.click(within(today).getByTestId('result-resource-link-read'))
    const contents = await within(today).findByTestId('resource-contents', {}, { timeout: 20_000 })
    expect(within(contents).getByRole('heading', { level: 1 }).textContent).toBe('Today')
    expect(contents.textContent).toContain('The notes of the day.')

    fireEvent.click(within(missing).getByTestId('result-resource-link-read'))
    const error = await within(missing).findByTestId('resource-error', {}, { timeout: 20_000 })
    expect(error.textContent).toContain('Could not read showcase://notes/missing')
    // the first one's contents stay where they were
    expect(within(today).getByTestId('resource-contents')).toBeTruthy()
  })

  it('without a server to ask (a static result) there is nothing to read it with', async () => {
    renderApp(<ToolResultView result={{ content: [{ type: 'resource_link', uri: 'showcase://x', name: 'x' }] }} />, { api: trackedRealApi() })
    const link = await screen.findByTestId('result-resource-link')
    expect(within(link).queryByTestId('result-resource-link-read')).toBeNull()
  })
})
