import { afterEach, describe, expect, it } from 'vitest'
import type { ServerLogEntry } from '@shared/mcp/logs'
import { LOG_LINES_PER_SECOND } from '../../../src/main/services/mcp/logFloodGate'
import { closeAllServices, fixture, makeService, stdioServer, waitFor, type RecordedEvent } from './helpers'

afterEach(closeAllServices)

const FLOOD = 200_000
const DROPPED = /^([\d,]+) log lines? dropped \(the server sent more than 1,000 a second\)$/
const droppedIn = (entries: ServerLogEntry[]) =>
  entries.flatMap((e) => {
    const match = DROPPED.exec(e.message)
    return match && e.level === 'warning' ? [Number(match[1].replaceAll(',', ''))] : []
  })
const pushed = (events: RecordedEvent[], event: string, serverId: string) =>
  events.filter((e) => e.event === event && e.payload.serverId === serverId).reduce((n, e) => n + e.payload.entries.length, 0)

describe('a server flooding its own log', () => {
  it(`answers its tool call; log lines past ${LOG_LINES_PER_SECOND} a second are dropped and counted in one line a second`, async () => {
    const { service, events } = makeService()
    const server = stdioServer(fixture('log-flood.mjs'))
    const result = await service.callTool({ server, name: 'flood', args: { count: FLOOD } })
    expect(result.content).toEqual([{ type: 'text', text: `flooded ${FLOOD}` }])

    // what the Logs tab was sent; the last second's count is said when that second ends
    const shown = () => events.filter((e) => e.event === 'mcp:server-log' && e.payload.serverId === server.id).flatMap((e) => e.payload.entries as ServerLogEntry[])
    const callLine = () => shown().findIndex((e) => e.message.startsWith('called flood: ok'))
    await waitFor(() => callLine() >= 0 && droppedIn(shown().slice(callLine())).length > 0, 15_000, 'the last dropped-lines count in the log')
    expect(service.getServerLogs(server).length).toBeLessThanOrEqual(200)
    expect(droppedIn(service.getServerLogs(server)).length).toBeGreaterThan(0)
    // every second either took at most its share or said what it dropped: nothing else was lost unsaid
    const windows = droppedIn(shown()).length
    const dropped = droppedIn(shown()).reduce((a, b) => a + b, 0)
    expect(dropped + LOG_LINES_PER_SECOND * (windows + 1)).toBeGreaterThanOrEqual(FLOOD)
    // the windows got what was kept, not the flood: the log and the Messages record alike
    const floodLines = pushed(events, 'mcp:server-log', server.id)
    const messages = pushed(events, 'mcp:messages', server.id)
    expect(floodLines).toBeLessThanOrEqual(LOG_LINES_PER_SECOND * (windows + 1) + 10)
    expect(messages).toBeLessThanOrEqual(LOG_LINES_PER_SECOND * (windows + 1) + 20)
    expect(service.getMessages(server).length).toBeLessThanOrEqual(1000)

    // the server is still fine to talk to
    const echo = await service.callTool({ server, name: 'echo', args: { message: 'still here' } })
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: still here' }])
  }, 120_000)
})
