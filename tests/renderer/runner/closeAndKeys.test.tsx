import { afterEach, describe, expect, it } from 'vitest'
import { EditorView } from '@codemirror/view'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import type { McpServer } from '@shared/mcp/server'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { SHOWCASE, StoreTab, fixture, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

/** The Tools tab on a real server (real main side); opens the runner for `tool`. */
async function openRunner(server: McpServer, tool: string) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  fireEvent.click(await screen.findByTestId(`tool-run-${tool}`, {}, { timeout: 20_000 }))
  const body = await screen.findByTestId('tool-runner-body')
  /** what the host wrote about its own actions in this server's log */
  const hostLines = () => main.service.getServerLogs(server).filter((e) => e.source === 'host').map((e) => e.message)
  return { main, body, hostLines }
}

/** Starts the lab's 20 s wait and resolves once the server reports progress. */
async function startLongCall(body: HTMLElement) {
  fireEvent.change(within(body).getByLabelText(/^ms/), { target: { value: '20000' } })
  fireEvent.click(screen.getByTestId('runner-run'))
  await waitFor(() => expect(screen.getByTestId('runner-progress-message').textContent).toMatch(/step [1-9]/), { timeout: 20_000 })
}

describe('closing the runner mid-call', () => {
  it('asks first; Keep running keeps the call, Cancel the call cancels it, and the Logs tab records both ends', async () => {
    const lab = stdioServer('lab', fixture('lab.mjs'))
    const { body, hostLines } = await openRunner(lab, 'wait')
    await startLongCall(body)

    fireEvent.click(screen.getByTestId('runner-close'))
    const keep = await screen.findByTestId('runner-close-keep')
    expect(document.body.textContent).toContain('Closing the runner cancels it')
    fireEvent.click(keep)
    // the call goes on: the server's progress keeps coming
    const progress = () => Number(screen.getByTestId('runner-progress').dataset.progress)
    const before = progress()
    await waitFor(() => expect(progress()).toBeGreaterThan(before), { timeout: 10_000 })
    expect(screen.getByTestId('tool-runner-body')).toBeTruthy()
    expect(hostLines()).toEqual([])

    fireEvent.click(screen.getByTestId('runner-close'))
    // (an earlier confirm may linger in the DOM while it animates out)
    fireEvent.click((await screen.findAllByTestId('runner-close-confirm')).at(-1)!)
    await waitFor(() => expect(screen.queryByTestId('tool-runner-body')).toBeNull())
    // main heard it: the call ended as cancelled, long before its 20 s
    await waitFor(() => expect(hostLines()).toEqual([expect.stringMatching(/^cancelled wait after \d+ ms by the user$/)]), { timeout: 10_000 })
  })

  it('closes at once when nothing is running', async () => {
    await openRunner(stdioServer('showcase', SHOWCASE), 'image')
    fireEvent.click(screen.getByTestId('runner-close'))
    await waitFor(() => expect(screen.queryByTestId('tool-runner-body')).toBeNull())
    expect(screen.queryByTestId('runner-close-confirm')).toBeNull()
  })
})

describe('Ctrl+Enter', () => {
  it('runs the tool from a field of the form, and is shown beside Run', async () => {
    const { body, hostLines } = await openRunner(stdioServer('lab', fixture('lab.mjs')), 'wait')
    expect(screen.getByTestId('runner-shortcut').textContent).toBe('CtrlEnter')
    const ms = within(body).getByLabelText(/^ms/)
    fireEvent.change(ms, { target: { value: '10' } })
    fireEvent.keyDown(ms, { key: 'Enter', ctrlKey: true })
    expect((await screen.findByTestId('tool-result', {}, { timeout: 20_000 })).textContent).toContain('waited 10 ms')
    await waitFor(() => expect(hostLines()).toEqual([expect.stringMatching(/^called wait: ok in \d+ ms$/)]))
  })

  it('runs the JSON the editor holds, without adding a line to it', async () => {
    const { body } = await openRunner(stdioServer('showcase', SHOWCASE), 'shapes')
    fireEvent.click(screen.getByTestId('runner-json-switch'))
    const editor = (await within(body).findByTestId('runner-json-input')).querySelector('.cm-content') as HTMLElement
    const doc = () => EditorView.findFromDOM(editor)!.state.doc.toString()
    const before = doc()
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true })
    // the form's defaults lack the required fields: the server refuses them, which proves it ran
    expect(await screen.findByTestId('tool-result', {}, { timeout: 20_000 })).toBeTruthy()
    expect(doc()).toBe(before)
  })

  it('Enter alone does not run it', async () => {
    const { body } = await openRunner(stdioServer('lab', fixture('lab.mjs')), 'wait')
    fireEvent.keyDown(within(body).getByLabelText(/^ms/), { key: 'Enter' })
    expect(screen.getByTestId('runner-run').textContent).toContain('Run')
    expect(screen.queryByTestId('runner-progress')).toBeNull()
  })
})
