import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolResultView } from '@renderer/components/results/ToolResultView'
import { setLanguage } from '@renderer/store/settings'
import { disposeTrackedApis, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(disposeTrackedApis)

function show(result: CallToolResult) {
  return renderApp(<ToolResultView result={result} />, { api: trackedRealApi() })
}

/** The format switch of one text block: its options and a way to pick one. */
function formats(block: HTMLElement) {
  const control = within(block).getByTestId('result-text-format')
  return {
    options: () => [...control.querySelectorAll('.ant-segmented-item-label')].map((o) => o.textContent),
    pick: (label: string) => fireEvent.click(within(control).getByText(label))
  }
}

const PRETTY = JSON.stringify({ city: 'Oslo', days: [{ day: 'Mon', high: 4 }] }, null, 2)

describe('text results as a developer reads them', () => {
  it('GitHub-flavoured Markdown: a table, a task list, strikethrough', async () => {
    show({ content: [{ type: 'text', text: '| Day | High |\n| --- | ---: |\n| Mon | 4 |\n\n- [x] fetched\n- [ ] ~~cached~~' }] })
    const text = await screen.findByTestId('result-text')
    const table = text.querySelector('table')!
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Day', 'High'])
    expect([...table.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Mon', '4'])
    // no raw pipes left over
    expect(text.textContent).not.toContain('|')
    const boxes = [...text.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
    expect(boxes.map((b) => b.checked)).toEqual([true, false])
    expect(text.querySelector('del')?.textContent).toBe('cached')
  })

  it('JSON text is a tree by default; Plain shows it exactly as sent, Markdown as markdown', async () => {
    show({ content: [{ type: 'text', text: PRETTY }] })
    const block = await screen.findByTestId('result-text')
    expect(block.dataset.format).toBe('json')
    const tree = within(block).getByTestId('result-text-json')
    expect(tree.textContent).toContain('city')
    expect(tree.textContent).toContain('"Oslo"')
    expect(tree.textContent).toContain('high')
    const switcher = formats(block)
    expect(switcher.options()).toEqual(['JSON', 'Markdown', 'Plain'])

    switcher.pick('Plain')
    await waitFor(() => expect(within(block).getByTestId('result-text-plain').textContent).toBe(PRETTY))
    expect(within(block).queryByTestId('result-text-json')).toBeNull()

    switcher.pick('Markdown')
    await waitFor(() => expect(block.dataset.format).toBe('markdown'))
    expect(block.querySelector('.mcp-markdown')).toBeTruthy()
  })

  it('prose (even one starting with a brace) is markdown, offered as Markdown or Plain only', async () => {
    show({
      content: [
        { type: 'text', text: 'Line one\nline **two**' },
        { type: 'text', text: '{not json} but prose' },
        { type: 'text', text: '42' }
      ]
    })
    const blocks = await screen.findAllByTestId('result-text')
    for (const block of blocks) {
      expect(block.dataset.format).toBe('markdown')
      expect(formats(block).options()).toEqual(['Markdown', 'Plain'])
    }
    formats(blocks[0]).pick('Plain')
    await waitFor(() => expect(within(blocks[0]).getByTestId('result-text-plain').textContent).toBe('Line one\nline **two**'))
    // each block keeps its own choice
    expect(blocks[1].dataset.format).toBe('markdown')
  })

  it('the switch speaks Chinese too', async () => {
    const { store } = show({ content: [{ type: 'text', text: '[1, 2]' }] })
    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    const block = await screen.findByTestId('result-text')
    await waitFor(() => expect(formats(block).options()).toEqual(['JSON', 'Markdown', '纯文本']))
  })
})
