import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { labServer, progressOf } from './callHelpers'
import { closeAllServices, fixture, makeService, stdioServer, waitFor, type RecordedEvent } from './helpers'

// the Logs tab shows what the host did with a server, next to what the server said
let service: MCPService
let events: RecordedEvent[]

beforeAll(() => {
  ;({ service, events } = makeService())
})
afterAll(closeAllServices)

const hostLines = (server: McpServer) => service.getServerLogs(server).filter((e) => e.source === 'host')
const pushedHostLines = (server: McpServer) =>
  events
    .filter((e) => e.event === 'mcp:server-log' && e.payload.serverId === server.id)
    .flatMap((e) => e.payload.entries as ServerLogEntry[])
    .filter((e) => e.source === 'host')

describe("the host's own lines in a server's log", () => {
  it('a call that worked: its name, ok and how long it took, also pushed to the window', async () => {
    const { server } = labServer({ id: 'host-ok' })
    await service.callTool({ server, name: 'wait', args: { ms: 50 } })
    const [line] = hostLines(server)
    expect(line).toMatchObject({ level: 'info', source: 'host' })
    expect(line.message).toMatch(/^called wait: ok in \d+ ms$/)
    // it took at least the 50 ms the tool waited
    expect(Number(/in (\d+) ms/.exec(line.message)?.[1])).toBeGreaterThanOrEqual(50)
    await waitFor(() => pushedHostLines(server).length === 1, 5000, 'the line pushed to the window')
  })

  it('a call that failed: the error, and a cancel as a cancel', async () => {
    const { server } = labServer({ id: 'host-fail' })
    await expect(service.callTool({ server, name: 'wait', args: { ms: 30_000 } }, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'TOOL_TIMEOUT' })
    const call = service.callTool({ server, name: 'wait', args: { ms: 30_000 }, callId: 'host-cancel' })
    await waitFor(() => progressOf(events, 'host-cancel').length > 0, 15_000, 'the wait tool to start')
    expect(service.abortTool('host-cancel')).toBe(true)
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' })
    const [failed, cancelled] = hostLines(server)
    expect(failed.level).toBe('error')
    // the server's name is the log's own; the line says what went wrong and what to do
    expect(failed.message).toMatch(/^called wait: error after \d+ ms: tool "wait" timed out after 300 ms — raise the server's timeout/)
    expect(cancelled).toMatchObject({ level: 'info', source: 'host' })
    expect(cancelled.message).toMatch(/^cancelled wait after \d+ ms by the user$/)
  })

  it('an error the tool reported, redacted like every other line', async () => {
    const KEY = 'sk-live-host-log-1234567890'
    const server = stdioServer(fixture('leaky-secret.mjs'), { id: 'host-leak', env: { API_KEY: KEY } })
    const result = await service.callTool({ server, name: 'leak', args: {} })
    expect(result.isError).toBe(true)
    const [line] = hostLines(server)
    expect(line.level).toBe('warning')
    expect(line.message).toMatch(/^called leak: the tool reported an error in \d+ ms: .*upstream rejected/)
    expect(line.message).not.toContain(KEY)
    await waitFor(() => pushedHostLines(server).length === 1, 5000, 'the line pushed to the window')
    expect(JSON.stringify(pushedHostLines(server))).not.toContain(KEY)
  })
})
