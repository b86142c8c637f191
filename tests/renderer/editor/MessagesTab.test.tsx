import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { McpMessageEntry } from '@shared/mcp/messages'
import { mergeMessages } from '@renderer/hooks/useServerMessages'
import { arrivedSince, filterMessages, formatDuration } from '@renderer/components/editor/messages/messageFilter'
import { cleanupServers, everything, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'

afterEach(cleanupServers)

const rows = () =>
  screen.queryAllByTestId('messages-entry').map((e) => `${e.dataset.direction} ${e.dataset.kind} ${e.dataset.method}`)

async function openMessages() {
  fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
  fireEvent.click(await screen.findByTestId('editor-tab-messages'))
  return screen.findByTestId('messages-tab')
}

describe('messages tab', () => {
  it("lists a real call's request and response, opens a body, filters by method and direction, pauses and clears", async () => {
    const { api } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const tab = await openMessages()
    // what main kept from before the tab opened: the handshake
    await waitFor(() => expect(rows()).toContain('out request initialize'))
    expect(rows()).toContain('in response initialize')

    await api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'from the test' } })
    await waitFor(() => expect(rows()).toEqual(expect.arrayContaining(['out request tools/call', 'in response tools/call'])))
    const response = screen.getAllByTestId('messages-entry').find((e) => e.dataset.kind === 'response' && e.dataset.method === 'tools/call')!
    expect(within(response).getByTestId('messages-entry-duration').textContent).toMatch(/\d ms|\d s/)
    // Enter opens its body as a tree
    fireEvent.keyDown(within(response).getByTestId('messages-entry-toggle'), { key: 'Enter' })
    expect((await within(response).findByTestId('messages-entry-body')).textContent).toContain('Echo: from the test')

    fireEvent.change(within(within(tab).getByTestId('messages-method-filter')).getByRole('searchbox'), { target: { value: 'TOOLS/CALL' } })
    await waitFor(() => expect(new Set(rows())).toEqual(new Set(['out request tools/call', 'in response tools/call'])))
    fireEvent.click(within(within(tab).getByTestId('messages-direction')).getByText('Received'))
    await waitFor(() => expect(rows()).toEqual(['in response tools/call']))

    // paused: a new call is counted, not shown; resumed: shown
    fireEvent.click(within(tab).getByTestId('messages-pause'))
    await api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'while paused' } })
    await waitFor(() => expect(Number(within(tab).getByTestId('messages-arrived').dataset.count)).toBeGreaterThanOrEqual(2))
    expect(rows()).toEqual(['in response tools/call'])
    fireEvent.click(within(tab).getByTestId('messages-pause'))
    await waitFor(() => expect(rows()).toEqual(['in response tools/call', 'in response tools/call']))
    expect(within(tab).queryByTestId('messages-arrived')).toBeNull()

    fireEvent.click(within(tab).getByTestId('messages-clear'))
    await waitFor(() => expect(within(tab).getByTestId('messages-count').dataset.total).toBe('0'))
    expect(within(tab).getByTestId('messages-empty').textContent).toContain('No messages yet')
    // cleared in main too: the next time the tab opens, they are not back
    expect(await api.mcp.getMessages({ serverId: 'everything' })).toEqual([])
  })
})

const entry = (seq: number, extra: Partial<McpMessageEntry> = {}): McpMessageEntry => ({
  seq,
  time: 1_700_000_000_000 + seq,
  direction: seq % 2 ? 'out' : 'in',
  kind: seq % 2 ? 'request' : 'response',
  method: 'tools/call',
  body: {},
  ...extra
})

describe('message helpers', () => {
  it('merges by seq: a batch overlapping what was fetched shows each message once, the last 1,000 kept', () => {
    const fetched = [entry(1), entry(2), entry(3)]
    expect(mergeMessages(fetched, [entry(2), entry(3), entry(4)]).map((e) => e.seq)).toEqual([1, 2, 3, 4])
    expect(mergeMessages(fetched, [entry(3)])).toBe(fetched)
    const many = mergeMessages([], Array.from({ length: 1500 }, (_, i) => entry(i + 1)))
    expect(many).toHaveLength(1000)
    expect(many[0].seq).toBe(501)
  })

  it('filters by method text and direction, and counts what arrived after the last shown', () => {
    const all = [entry(1, { method: 'initialize' }), entry(2, { method: 'initialize' }), entry(3), entry(4), entry(5, { kind: 'notification', method: 'notifications/initialized' })]
    const seqs = (...args: Parameters<typeof filterMessages>) => filterMessages(...args).shown.map((e) => e.seq)
    expect(seqs(all, 'INIT', 'all')).toEqual([1, 2, 5])
    expect(seqs(all, 'init', 'out')).toEqual([1, 5])
    expect(seqs(all, '', 'in')).toEqual([2, 4])
    expect(filterMessages(all, '  ', 'all').shown).toBe(all)
    expect(arrivedSince(all, all.slice(0, 3))).toBe(2)
    expect(arrivedSince(all, [])).toBe(5)
  })

  it('folds pings and their answers into a count unless asked for or searched for', () => {
    const all = [entry(1), entry(2), entry(3, { method: 'ping' }), entry(4, { method: 'ping' }), entry(5, { method: 'ping' }), entry(6, { method: 'ping' })]
    const folded = filterMessages(all, '', 'all', false)
    expect(folded.shown.map((e) => e.seq)).toEqual([1, 2])
    expect(folded.pingsHidden).toBe(4)
    // a direction filter counts only the pings it would have shown
    expect(filterMessages(all, '', 'in', false)).toMatchObject({ pingsHidden: 2 })
    expect(filterMessages(all, '', 'all', true)).toEqual({ shown: all, pingsHidden: 0 })
    // searching for them shows them
    expect(filterMessages(all, 'pin', 'all', false).shown.map((e) => e.seq)).toEqual([3, 4, 5, 6])
  })

  it('says a duration briefly', () => {
    expect(formatDuration(0.42)).toBe('0.4 ms')
    expect(formatDuration(12.4)).toBe('12 ms')
    expect(formatDuration(1250)).toBe('1.25 s')
  })
})
