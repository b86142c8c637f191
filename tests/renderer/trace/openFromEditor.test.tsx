import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { McpApi } from '@shared/ipc/api'
import { callTraces, traceIdOfTraceparent } from '@renderer/components/editor/messages/callTraces'
import { cleanupServers, everything, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'

let restoreOpen: (() => void) | undefined
afterEach(async () => {
  restoreOpen?.()
  restoreOpen = undefined
  await cleanupServers()
})

/** What the page asks main to open (main's real answer still goes back), and what it opens in a tab. */
function recordTraceOpens(api: McpApi) {
  const asked: unknown[] = []
  const opened: string[] = []
  const real = api.app.openTraceWindow
  api.app.openTraceWindow = (args) => {
    asked.push(args)
    return real(args)
  }
  const original = window.open
  // jsdom has no window.open
  window.open = (url?: string | URL) => {
    opened.push(String(url))
    return null
  }
  restoreOpen = () => {
    window.open = original
    api.app.openTraceWindow = real
  }
  return { asked, opened }
}

async function openTab(tab: 'messages' | 'logs') {
  fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
  fireEvent.click(await screen.findByTestId(`editor-tab-${tab}`))
}

describe("a tool call's link to its trace", () => {
  it("the Messages tab: the call's request and its response open the Trace window on the call's trace", async () => {
    const { api } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const { asked } = recordTraceOpens(api)
    await api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'traced' }, callId: 'm1' })
    const [call] = await api.trace.list({ tool: 'echo' })
    await openTab('messages')
    await waitFor(() => expect(screen.getAllByTestId('messages-open-trace')).toHaveLength(2))
    // only the tools/call pair has the link; the handshake has none
    for (const button of screen.getAllByTestId('messages-open-trace')) expect(button.closest<HTMLElement>('[data-method]')!.dataset.method).toBe('tools/call')
    fireEvent.click(screen.getAllByTestId('messages-open-trace')[0])
    await waitFor(() => expect(asked).toEqual([{ traceId: call.traceId }]))
    // the click opens the trace, not the message's body
    expect(screen.queryByTestId('messages-entry-body')).toBeNull()
  })

  it("the Logs tab: the host's line about the call opens its trace", async () => {
    const { api } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const { asked } = recordTraceOpens(api)
    await api.mcp.callTool({ serverId: 'everything', name: 'get-sum', args: { a: 2, b: 3 } })
    const [call] = await api.trace.list({ tool: 'get-sum' })
    await openTab('logs')
    const button = await screen.findByTestId('logs-open-trace')
    const line = button.closest<HTMLElement>('[data-testid="logs-entry"]')!
    expect(line.textContent).toMatch(/called get-sum: ok in \d+ ms/)
    // the link is a button, not JSON in the line
    expect(line.textContent).not.toContain('traceId')
    fireEvent.click(button)
    await waitFor(() => expect(asked).toEqual([{ traceId: call.traceId }]))
  })
})

describe('callTraces', () => {
  it('reads the trace id of a W3C traceparent, and nothing from anything else', () => {
    expect(traceIdOfTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBe('0af7651916cd43dd8448eb211c80319c')
    expect(traceIdOfTraceparent('00-00000000000000000000000000000000-b7ad6b7169203331-01')).toBeUndefined()
    expect(traceIdOfTraceparent('garbage')).toBeUndefined()
    expect(traceIdOfTraceparent(42)).toBeUndefined()
  })

  it("pairs a traced request with its response by id, and leaves others alone", () => {
    const tp = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'
    const map = callTraces([
      { seq: 1, time: 0, direction: 'out', kind: 'request', method: 'tools/call', id: 7, body: { params: { _meta: { traceparent: tp } } } },
      { seq: 2, time: 0, direction: 'out', kind: 'request', method: 'tools/call', id: 8, body: { params: {} } },
      { seq: 3, time: 0, direction: 'in', kind: 'response', method: 'tools/call', id: 8, body: {} },
      { seq: 4, time: 0, direction: 'in', kind: 'response', method: 'tools/call', id: 7, body: {} }
    ])
    expect([...map]).toEqual([
      [1, '0af7651916cd43dd8448eb211c80319c'],
      [4, '0af7651916cd43dd8448eb211c80319c']
    ])
  })
})
