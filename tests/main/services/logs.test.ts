import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { afterEach, describe, expect, it } from 'vitest'
import { ServerLogEntrySchema, type ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { closeAllServices, fixture, makeService, stdioServer, waitFor, type RecordedEvent } from './helpers'

// a real collection before each heap reading, so growth means retained memory, not garbage
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

afterEach(closeAllServices)

const FLOOD = fixture('stderr-flood.mjs')
const counterOf = (entry: ServerLogEntry) => Number(/^flood line (\d+)/.exec(entry.message)?.[1] ?? NaN)
const floodLines = (entries: ServerLogEntry[]) => entries.filter((e) => e.level === 'stderr' && e.message.startsWith('flood line'))
const logEvents = (events: RecordedEvent[], server: McpServer) =>
  events.filter((e) => e.event === 'mcp:server-log' && e.payload.serverId === server.id)

async function echo(service: MCPService, server: McpServer, message: string): Promise<string> {
  const result = await service.callTool({ server, name: 'echo', args: { message } })
  return (result.content[0] as { text: string }).text
}

async function floodCount(service: MCPService, server: McpServer): Promise<number> {
  const result = await service.callTool({ server, name: 'flood-count', args: {} })
  return (result.structuredContent as { written: number }).written
}

describe('server logs', () => {
  it('keeps the last 200 entries in order, in the buffer and across the pushed batches', async () => {
    const { service, events } = makeService()
    const server = stdioServer(FLOOD, { env: { FLOOD_LINES: '500', FLOOD_BATCH: '7' } })
    await service.initClient(server)
    await waitFor(() => floodLines(service.getServerLogs(server)).some((e) => counterOf(e) === 500), 15_000, 'line 500 in the log')

    const kept = service.getServerLogs(server)
    expect(kept).toHaveLength(200)
    const counters = floodLines(kept).map(counterOf)
    // the newest lines, none missing and none out of order
    expect(counters.at(-1)).toBe(500)
    expect(counters).toEqual(counters.map((_, i) => 500 - counters.length + 1 + i))
    // every entry has the log entry shape, in the buffer and as pushed
    for (const entry of kept) expect(ServerLogEntrySchema.strict().parse(entry)).toEqual(entry)

    await waitFor(() => logEvents(events, server).some((e) => e.payload.entries.some((x: ServerLogEntry) => counterOf(x) === 500)), 5000, 'line 500 pushed')
    const pushed = floodLines(logEvents(events, server).flatMap((e) => e.payload.entries as ServerLogEntry[])).map(counterOf)
    for (let i = 1; i < pushed.length; i++) expect(pushed[i]).toBeGreaterThan(pushed[i - 1])
    expect(logEvents(events, server).length).toBeLessThan(500)
    for (const batch of logEvents(events, server)) {
      expect(batch.payload.entries.length).toBeLessThanOrEqual(200)
      for (const entry of batch.payload.entries) ServerLogEntrySchema.strict().parse(entry)
    }
  })

  it('reads are copies: changing what getServerLogs returned changes nothing', async () => {
    const { service } = makeService()
    const server = stdioServer(FLOOD, { env: { FLOOD_LINES: '3' } })
    await service.initClient(server)
    await waitFor(() => floodLines(service.getServerLogs(server)).length === 3, 15_000, 'three lines')
    const first = service.getServerLogs(server)
    first[0].message = 'changed'
    first.length = 0
    expect(service.getServerLogs(server)[0].message).not.toBe('changed')
    expect(service.getServerLogs(server).length).toBeGreaterThan(0)
  })

  it('survives a stop and a failed start; removeServer drops it', async () => {
    const { service } = makeService()
    const server = stdioServer(FLOOD, { env: { FLOOD_LINES: '5' } })
    await service.initClient(server)
    await waitFor(() => floodLines(service.getServerLogs(server)).length === 5, 15_000, 'five lines')
    await service.stopServer(server)
    const afterStop = service.getServerLogs(server)
    expect(floodLines(afterStop)).toHaveLength(5)
    expect(afterStop.at(-1)).toMatchObject({ level: 'info', message: 'stopped' })

    const broken = stdioServer(fixture('exit-at-start.mjs'))
    await expect(service.initClient(broken)).rejects.toThrow(/exited with code 1/)
    const why = service.getServerLogs(broken).map((e) => e.message)
    expect(why).toContain('fatal: API_BASE is not set')

    await service.removeServer(server)
    await service.removeServer(broken)
    expect(service.getServerLogs(server)).toEqual([])
    expect(service.getServerLogs(broken)).toEqual([])
  })

  it('one log per server across edits of its config; removeServer drops all of it', async () => {
    const { service } = makeService()
    const server = stdioServer(FLOOD, { env: { FLOOD_LINES: '2' } })
    await service.initClient(server)
    await waitFor(() => floodLines(service.getServerLogs(server)).length === 2, 15_000, 'two lines')
    const edited = { ...server, env: { FLOOD_LINES: '3' } }
    await service.restartServer(edited)
    // the lines of the config before the edit stay above those after it
    await waitFor(() => floodLines(service.getServerLogs(edited)).length === 5, 15_000, 'two lines, then three')
    await service.removeServer(edited)
    expect(service.getServerLogs(edited)).toEqual([])
    expect(service.getServerLogs(server)).toEqual([])
  })
})

describe('a server flooding stderr', () => {
  it('keeps calls answering, on it and on a sibling, with a bounded buffer, few pushes and bounded memory', async () => {
    const { service, events } = makeService()
    const flood = stdioServer(FLOOD)
    const sibling = stdioServer(fixture('pid-echo.mjs'))
    await Promise.all([service.initClient(flood), service.initClient(sibling)])
    gc()
    const heapBefore = process.memoryUsage().heapUsed

    // 2.5 s of calls while it floods; the duration only sets how much flooding we see
    const end = Date.now() + 2500
    let calls = 0
    let maxKept = 0
    while (Date.now() < end) {
      const [a, b] = await Promise.all([echo(service, flood, `f${calls}`), echo(service, sibling, `s${calls}`)])
      expect(a).toBe(`Echo: f${calls}`)
      expect(b).toBe(`Echo: s${calls}`)
      calls++
      maxKept = Math.max(maxKept, service.getServerLogs(flood).length)
    }
    const written = await floodCount(service, flood)
    gc()
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore

    expect(calls).toBeGreaterThan(0)
    // it did flood: tens of thousands of lines at the very least, and they reached the log
    expect(written).toBeGreaterThan(20_000)
    await waitFor(() => floodLines(service.getServerLogs(flood)).length === 200, 5000, 'a full buffer')
    expect(maxKept).toBeLessThanOrEqual(200)
    expect(service.getServerLogs(flood).length).toBe(200)
    // one push per flush, not per line
    const batches = logEvents(events, flood)
    expect(batches.length).toBeGreaterThan(0)
    expect(batches.length).toBeLessThan(written / 100)
    for (const batch of batches) expect(batch.payload.entries.length).toBeLessThanOrEqual(200)
    expect(heapGrowth).toBeLessThan(100 * 1024 * 1024)
  })
})

describe('secrets in logs', () => {
  const KEY = 'sk-live-3f9a8b7c6d5e4f30a1b2'
  const leaky = (extra: Partial<StdioServer> = {}) =>
    stdioServer(fixture('leaky-secret.mjs'), { env: { API_KEY: KEY }, ...extra })

  it('an env secret the server prints, logs and throws never appears in a log entry or an event', async () => {
    const { service, events } = makeService()
    const server = leaky()
    // the key on the command line too, as some servers take it
    server.args = [...server.args!, '--api-key', KEY]
    await service.initClient(server)
    const result = await service.callTool({ server, name: 'leak', args: {} }).catch((error: Error) => error)
    expect(result).toBeDefined()
    await waitFor(() => service.getServerLogs(server).some((e) => e.message.includes('upstream said 401')), 15_000, 'the last stderr line')
    await waitFor(() => service.getServerLogs(server).some((e) => e.level === 'warning'), 5000, 'the log notification with data')
    await waitFor(() => logEvents(events, server).length > 0, 5000, 'a pushed batch')

    const logs = service.getServerLogs(server)
    const messages = logs.map((e) => e.message)
    // the lines were logged, with the key cut out of each
    expect(messages).toContain('booting with key <redacted>')
    expect(messages).toContain('Authorization: Bearer <redacted>')
    expect(messages.some((m) => m.startsWith('starting ') && m.includes('--api-key <redacted>'))).toBe(true)
    expect(messages).toContain('request failed for key <redacted>')
    expect(logs.find((e) => e.level === 'warning')?.data).toEqual({ apiKey: '<redacted>', detail: 'used <redacted>' })

    expect(JSON.stringify(logs)).not.toContain(KEY)
    expect(JSON.stringify(events)).not.toContain(KEY)
    // nor any long piece of it
    expect(JSON.stringify([logs, events])).not.toContain(KEY.slice(0, 12))
  })

  it('nor does it when the server dies at start naming the key', async () => {
    const { service, events } = makeService()
    const server = leaky({ env: { API_KEY: KEY, LEAK_CRASH: '1' } })
    const error = await service.initClient(server).then(
      () => undefined,
      (e: Error) => e
    )
    expect(error).toBeInstanceOf(Error)
    expect(error!.message).toMatch(/exited with code 1/)
    expect(error!.message).not.toContain(KEY)
    expect(error!.message).toContain('<redacted>')
    const logs = service.getServerLogs(server)
    expect(logs.some((e) => e.message.includes('cannot start: upstream rejected <redacted>'))).toBe(true)
    expect(JSON.stringify(logs)).not.toContain(KEY)
    expect(JSON.stringify(events)).not.toContain(KEY)
  })
})
