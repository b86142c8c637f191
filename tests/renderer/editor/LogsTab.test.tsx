import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ServerLogEntry } from '@shared/mcp/logs'
import { filterLogs, logFileName, toLogFile } from '@renderer/components/editor/logFormat'
import { ServerLogStore } from '@renderer/store/serverLogStore'
import { cleanupServers, fixture, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'

afterEach(cleanupServers)

const broken = { id: 'broken', name: 'Broken', type: 'stdio' as const, command: process.execPath, args: [fixture('exit-at-start.mjs')], isActive: true }
const lines = () => screen.getAllByTestId('logs-entry').map((e) => `${e.dataset.level} ${e.textContent}`)

describe('logs tab', () => {
  it("shows a server's log lines, filters them by level and text, and clears them", async () => {
    await renderServers([broken])
    await waitForStatus('Broken', 'error')
    fireEvent.click(within(rowOf('Broken')).getByTestId('server-edit'))
    fireEvent.click(await screen.findByTestId('editor-tab-logs'))
    const tab = await screen.findByTestId('logs-tab')
    await waitFor(() => expect(Number(within(tab).getByTestId('logs-count').dataset.total)).toBeGreaterThan(1))
    await waitFor(() => expect(lines().some((l) => l.startsWith('stderr') && l.includes('fatal: API_BASE is not set'))).toBe(true))
    expect(lines().some((l) => l.includes('loading configuration from ./settings.toml'))).toBe(true)
    const total = Number(within(tab).getByTestId('logs-count').dataset.total)
    expect(total).toBeGreaterThanOrEqual(2)

    // only stderr
    const filter = within(tab).getByTestId('logs-level-filter')
    for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'stdout']) {
      fireEvent.click(within(filter).getByLabelText(level))
    }
    await waitFor(() => expect(lines().every((l) => l.startsWith('stderr'))).toBe(true))
    expect(lines().length).toBeGreaterThanOrEqual(2)

    fireEvent.change(within(within(tab).getByTestId('logs-search')).getByRole('searchbox'), { target: { value: 'api_base' } })
    await waitFor(() => expect(lines()).toHaveLength(1))
    expect(lines()[0]).toContain('fatal: API_BASE is not set')

    fireEvent.click(within(tab).getByTestId('logs-clear'))
    await waitFor(() => expect(within(tab).getByTestId('logs-count').dataset.total).toBe('0'))
    expect(within(tab).getByTestId('logs-empty')).toBeTruthy()
  })
})

describe('logs tab under a flood', () => {
  it('keeps only the rows on screen in the DOM while hundreds of lines arrive', async () => {
    const flood = {
      id: 'flood',
      name: 'Flood',
      type: 'stdio' as const,
      command: process.execPath,
      args: [fixture('stderr-flood.mjs')],
      // paced under what main pushes per flush, so every line reaches the renderer
      env: { FLOOD_LINES: '3000', FLOOD_RATE: '2000' },
      isActive: true
    }
    await renderServers([flood])
    await waitForStatus('Flood', 'connected')
    fireEvent.click(within(rowOf('Flood')).getByTestId('server-edit'))
    fireEvent.click(await screen.findByTestId('editor-tab-logs'))
    const tab = await screen.findByTestId('logs-tab')
    await waitFor(() => expect(Number(within(tab).getByTestId('logs-count').dataset.total)).toBeGreaterThan(300), { timeout: 20_000 })
    const rows = within(tab).getAllByTestId('logs-entry')
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(100)
  })
})

const entry = (n: number, level: ServerLogEntry['level'] = 'info', extra: Partial<ServerLogEntry> = {}): ServerLogEntry => ({
  timestamp: 1_700_000_000_000 + n,
  level,
  message: `line ${n}`,
  ...extra
})

describe('renderer log buffer', () => {
  it('keeps the newest lines up to its bound', () => {
    const store = new ServerLogStore(10_000)
    for (let batch = 0; batch < 12; batch++) store.append('s', Array.from({ length: 1000 }, (_, i) => entry(batch * 1000 + i)))
    const kept = store.get('s')
    expect(kept).toHaveLength(10_000)
    expect(kept[0].message).toBe('line 2000')
    expect(kept.at(-1)!.message).toBe('line 11999')
  })

  it("merges main's older history once, without repeating lines it already has", () => {
    const store = new ServerLogStore()
    store.append('s', [entry(5), entry(6)])
    store.seed('s', [entry(1), entry(2), entry(5)])
    store.seed('s', [entry(0)])
    expect(store.get('s').map((e) => e.message)).toEqual(['line 1', 'line 2', 'line 5', 'line 6'])
  })

  it('tells only the listeners of that server, with a new snapshot each time', () => {
    const store = new ServerLogStore()
    let calls = 0
    store.subscribe('a', () => calls++)
    const before = store.get('a')
    store.append('b', [entry(1)])
    expect(calls).toBe(0)
    store.append('a', [entry(1)])
    expect(calls).toBe(1)
    expect(store.get('a')).not.toBe(before)
  })
})

describe('log format', () => {
  const all = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'stderr', 'stdout'] as const
  it('filters by level and by text in the message, source and data', () => {
    const entries = [entry(1, 'info'), entry(2, 'stderr', { data: { code: 'EADDRINUSE' } }), entry(3, 'error', { source: 'transport' })]
    expect(filterLogs(entries, [...all], '')).toBe(entries)
    expect(filterLogs(entries, ['stderr', 'error'], '').map((e) => e.message)).toEqual(['line 2', 'line 3'])
    expect(filterLogs(entries, [...all], 'eaddrinuse').map((e) => e.message)).toEqual(['line 2'])
    expect(filterLogs(entries, [...all], 'TRANSPORT').map((e) => e.message)).toEqual(['line 3'])
  })

  it('reads an entry an older build wrote as "warn" as warning, so the warning filter keeps it', () => {
    const old = { ...entry(4), level: 'warn' } as unknown as ServerLogEntry
    expect(filterLogs([old, entry(5, 'info')], ['warning'], '')).toEqual([old])
    expect(toLogFile([old])).toContain(' WARNING   line 4')
  })

  it('exports lines as text with ISO times, and names the file after the server', () => {
    const text = toLogFile([entry(1, 'emergency', { data: { a: 1 } })])
    expect(text).toBe(`${new Date(1_700_000_000_001).toISOString()} EMERGENCY line 1 {"a":1}\n`)
    expect(logFileName('my server/x', 'json', new Date('2026-01-02T03:04:05.678Z'))).toBe('my_server_x-2026-01-02T03-04-05Z.json')
  })
})
