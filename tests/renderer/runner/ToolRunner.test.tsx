import { afterEach, describe, expect, it } from 'vitest'
import { EditorView } from '@codemirror/view'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { setLanguage } from '@renderer/store/settings'
import type { McpServer } from '@shared/mcp/server'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { SHOWCASE, StoreTab, fixture, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

/** The Tools tab on a real server; opens the runner for `tool`. */
async function openRunner(server: McpServer, tool: string) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  const view = renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  fireEvent.click(await screen.findByTestId(`tool-run-${tool}`, {}, { timeout: 20_000 }))
  const body = await screen.findByTestId('tool-runner-body')
  return { ...view, main, body }
}

const showcase = () => stdioServer('showcase', SHOWCASE)

/** The CodeMirror editor's view, to read and replace its text the way a paste would. */
function editorView(container: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(container.querySelector('.cm-content') as HTMLElement)
  if (!view) throw new Error('no CodeMirror editor here')
  return view
}
const editorText = (container: HTMLElement) => editorView(container).state.doc.toString()
function setEditorText(container: HTMLElement, text: string) {
  const view = editorView(container)
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }))
}

function field(body: HTMLElement, label: RegExp | string) {
  return within(body).getByLabelText(label)
}

describe('the schema form (rjsf, real tool schema from a real server)', () => {
  it('draws required marks, defaults, an enum, an array and a nested object', async () => {
    const { body } = await openRunner(showcase(), 'shapes')
    // required: title, colour, owner and owner.name; count and shout have defaults, tags is optional
    const required = [...body.querySelectorAll('.ant-form-item-required')].map((el) => el.textContent?.trim())
    expect(required).toEqual(expect.arrayContaining(['title', 'colour', 'name']))
    expect(required).not.toContain('tags')
    expect(required).not.toContain('email')
    expect((field(body, /^count/) as HTMLInputElement).value).toBe('3')
    expect((field(body, /^shout/) as HTMLInputElement).checked).toBe(false)
    // the enum is a select offering exactly the three values
    fireEvent.mouseDown(within(body).getByRole('combobox'))
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option-content').length).toBeGreaterThan(0))
    // rjsf adds an empty placeholder option while nothing is chosen
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent).filter(Boolean)
    expect(options).toEqual(['red', 'green', 'blue'])
    // the nested object has its own fields
    expect(field(body, /^email/)).toBeTruthy()
    expect(body.textContent).toContain('owner')
    expect(body.textContent).toContain('tags')
  })

  it('refuses to run while a required field is empty, then runs with the defaults filled in', async () => {
    const { body } = await openRunner(showcase(), 'shapes')
    fireEvent.click(screen.getByTestId('runner-run'))
    expect((await screen.findByTestId('runner-input-error')).textContent).toContain('Fix the highlighted fields first.')
    expect(body.textContent).toContain('is required')
    expect(screen.queryByTestId('tool-result')).toBeNull()

    fireEvent.change(field(body, /^title/), { target: { value: 'Hello' } })
    fireEvent.change(field(body, /^name/), { target: { value: 'Ada' } })
    fireEvent.mouseDown(within(body).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('green'))
    fireEvent.click(screen.getByTestId('runner-run'))
    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    const tree = within(result).getByTestId('result-structured').textContent ?? ''
    expect(tree).toContain('"Hello"')
    expect(tree).toContain('"green"')
    expect(tree).toContain('"Ada"')
    // the default the form filled in went over the wire (the JSON text as sent: Plain)
    fireEvent.click(within(within(result).getByTestId('result-text-format')).getByText('Plain'))
    expect((await within(result).findByTestId('result-text-plain')).textContent).toContain('"count":3')
    expect(screen.getByTestId('runner-elapsed').textContent).toMatch(/Elapsed: \d+\.\d s/)
  })

  it('edits the arguments as JSON, refuses broken JSON, and runs it', async () => {
    await openRunner(showcase(), 'shapes')
    fireEvent.click(screen.getByTestId('runner-json-switch'))
    const input = await screen.findByTestId('runner-json-input')
    expect(JSON.parse(editorText(input))).toEqual({ count: 3, shout: false, owner: {} })
    setEditorText(input, '{"title": ')
    fireEvent.click(screen.getByTestId('runner-run'))
    expect((await screen.findByTestId('runner-input-error')).textContent).toContain('Not valid JSON')
    setEditorText(input, '[1, 2]')
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(screen.getByTestId('runner-input-error').textContent).toContain('must be a JSON object'))
    setEditorText(input, '{"title":"T","colour":"blue","owner":{"name":"Bo"}}')
    fireEvent.click(screen.getByTestId('runner-run'))
    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    // JSON text comes back as a tree
    expect(within(result).getByTestId('result-text-json').textContent).toContain('"blue"')
    // back to the form: it shows what the JSON said
    fireEvent.click(screen.getByTestId('runner-json-switch'))
    expect((field(screen.getByTestId('tool-runner-body'), /^title/) as HTMLInputElement).value).toBe('T')
  })
})

describe('a list of objects (like create_entities)', () => {
  it('has a labelled Add item, asks before running with the list empty, and sends what was filled in', async () => {
    const { body } = await openRunner(showcase(), 'entities')
    // the list's title reads left-aligned above it, not pushed right across an empty column
    const title = body.querySelector('.ant-form-item-label')!
    expect(title.className).toContain('ant-form-item-label-left')
    fireEvent.click(screen.getByTestId('runner-run'))
    // an empty required list is allowed by the schema, but not sent without asking
    fireEvent.click(await screen.findByTestId('runner-empty-back'))
    expect(screen.queryByTestId('tool-result')).toBeNull()

    const add = within(body).getByTestId('schema-add-item')
    expect(add.textContent).toBe('Add item')
    fireEvent.click(add)
    fireEvent.change(await waitFor(() => field(body, /^name/)), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    expect(result.textContent).toContain('got 1: Ada')
  })

  it('keeps the recent runs: what was sent and how it ended, filled in or run again with one click', async () => {
    const { body } = await openRunner(showcase(), 'entities')
    fireEvent.click(within(body).getByTestId('schema-add-item'))
    fireEvent.change(await waitFor(() => field(body, /^name/)), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(screen.getByTestId('tool-result').textContent).toContain('got 1: Ada'), { timeout: 20_000 })
    fireEvent.change(field(body, /^name/), { target: { value: 'Bo' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(screen.getByTestId('tool-result').textContent).toContain('got 1: Bo'), { timeout: 20_000 })

    fireEvent.click(within(screen.getByTestId('run-history')).getByText(/Recent runs \(2\)/))
    const items = await screen.findAllByTestId('run-history-item')
    // newest first, each with its arguments and outcome
    expect(items.map((item) => item.dataset.outcome)).toEqual(['ok', 'ok'])
    expect(items[0].textContent).toContain('"Bo"')
    expect(items[1].textContent).toContain('"Ada"')
    fireEvent.click(within(items[1]).getByTestId('run-history-again'))
    await waitFor(() => expect(screen.getByTestId('tool-result').textContent).toContain('got 1: Ada'), { timeout: 20_000 })
    // the form shows what ran
    expect((field(body, /^name/) as HTMLInputElement).value).toBe('Ada')
    await waitFor(() => expect(screen.getAllByTestId('run-history-item')).toHaveLength(3))
  })
})

describe('the schema form in Chinese', () => {
  it('translates rjsf labels and the validation messages', async () => {
    const { body, store } = await openRunner(showcase(), 'shapes')
    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    await waitFor(() => expect(screen.getByTestId('runner-run').textContent).toContain('运行'))
    fireEvent.click(screen.getByTestId('runner-run'))
    expect((await screen.findByTestId('runner-input-error')).textContent).toContain('请先修正标出的字段。')
    await waitFor(() => expect(screen.getByTestId('tool-runner-body').textContent).toContain('为必填项'))
    expect(screen.getByTestId('tool-runner-body').textContent).not.toContain('is required')
    // rjsf's own button for the tags array
    // (a title query: getByRole over this much antd DOM is very slow in jsdom)
    expect(within(body).getByTestId('schema-add-item').textContent).toBe('添加项')
  })
})

describe('running a tool (real calls)', () => {
  it('shows progress with its message, and Cancel stops the call', async () => {
    const { body } = await openRunner(stdioServer('lab', fixture('lab.mjs')), 'wait')
    fireEvent.change(field(body, /^ms/), { target: { value: '20000' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(screen.getByTestId('runner-progress-message').textContent).toMatch(/step [1-9]/), { timeout: 20_000 })
    expect(screen.getByTestId('runner-progress').querySelector('.ant-progress')).toBeTruthy()
    fireEvent.click(screen.getByTestId('runner-cancel'))
    expect((await screen.findByTestId('runner-cancelled')).textContent).toContain('Cancelled')
    expect(screen.queryByTestId('runner-progress')).toBeNull()
    expect(screen.queryByTestId('runner-cancel')).toBeNull()
  })

  it('a click beside the runner keeps it open and the call running; Esc asks, then closes it', async () => {
    const { body } = await openRunner(stdioServer('lab', fixture('lab.mjs')), 'wait')
    fireEvent.change(field(body, /^ms/), { target: { value: '20000' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(screen.getByTestId('runner-progress-message').textContent).toMatch(/step [1-9]/), { timeout: 20_000 })
    const step = () => Number(/step (\d+)/.exec(screen.getByTestId('runner-progress-message').textContent ?? '')?.[1])
    const before = step()
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement
    fireEvent.mouseDown(wrap)
    fireEvent.mouseUp(wrap)
    fireEvent.click(wrap)
    // the call goes on: two more steps of its progress arrive after the click
    await waitFor(() => expect(step()).toBeGreaterThanOrEqual(before + 2), { timeout: 10_000 })
    expect(screen.getByTestId('tool-runner-body')).toBeTruthy()
    expect(screen.getByTestId('runner-cancel')).toBeTruthy()
    fireEvent.keyDown(wrap, { key: 'Escape' })
    // the call is still running: closing would cancel it, so the runner says so first
    fireEvent.click(await screen.findByTestId('runner-close-confirm'))
    await waitFor(() => expect(screen.queryByTestId('tool-runner-body')).toBeNull())
  })

  it('shows the message main sent when the call is rejected, with a retry', async () => {
    const { body } = await openRunner(stdioServer('slow', fixture('lab.mjs'), { timeout: 0.5 }), 'wait')
    fireEvent.change(field(body, /^ms/), { target: { value: '3000' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    const error = await screen.findByTestId('runner-error', {}, { timeout: 20_000 })
    expect(error.textContent).toContain('The call failed')
    // the sentence for main's code in the UI language, main's own detail beneath it
    expect(within(error).getByTestId('error-sentence').textContent).toBe('The tool did not finish in time.')
    expect(within(error).getByTestId('error-detail').textContent).toMatch(/MCP server "slow": .*time/)
    fireEvent.click(within(error).getByTestId('runner-retry'))
    await waitFor(() => expect(screen.getByTestId('runner-run').textContent).toContain('Running'))
    expect(await screen.findByTestId('runner-error', {}, { timeout: 20_000 })).toBeTruthy()
  })

  it('shows a tool error result in red', async () => {
    await openRunner(showcase(), 'fails')
    fireEvent.click(screen.getByTestId('runner-run'))
    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    expect(result.dataset.error).toBe('true')
    expect(result.textContent).toContain('the disk is full')
  })

  it('shows an image result from a real server', async () => {
    await openRunner(showcase(), 'image')
    fireEvent.click(screen.getByTestId('runner-run'))
    const image = await screen.findByTestId('result-image', {}, { timeout: 20_000 })
    expect(image.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/)
  })
})
