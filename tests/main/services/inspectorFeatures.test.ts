import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { ServerLogEntrySchema } from '@shared/mcp/logs'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { closeAllServices, everythingStdio, fixture, makeService, stdioServer, waitFor, type RecordedEvent } from './helpers'

// what a developer inspecting a server expects of the host: completion/complete, logging/setLevel
// with the eight syslog levels kept apart, structured content passed on as sent, and
// subscriptions that last as long as the session
const devtools = (extra: Partial<StdioServer> = {}) => stdioServer(fixture('devtools.mjs'), { name: 'devtools', ...extra })
const plain = () => devtools({ name: 'plain', env: { DEVTOOLS_PLAIN: '1' } })

describe('argument completion (completion/complete)', () => {
  let service: MCPService
  const server = devtools()
  beforeAll(() => {
    ;({ service } = makeService())
  })
  afterAll(closeAllServices)

  it("suggests a prompt argument's values as typed, narrowed by the arguments already filled in", async () => {
    const ref = { type: 'ref/prompt' as const, name: 'team' }
    expect(await service.complete(server, { ref, argument: { name: 'department', value: '' } })).toMatchObject({
      supported: true,
      values: ['Engineering', 'Sales', 'Support']
    })
    expect((await service.complete(server, { ref, argument: { name: 'department', value: 's' } })).values).toEqual(['Sales', 'Support'])
    const members = await service.complete(server, { ref, argument: { name: 'member', value: '' }, context: { arguments: { department: 'Sales' } } })
    expect(members.values).toEqual(['David', 'Eve'])
  })

  it("suggests a resource template's variable", async () => {
    const result = await service.complete(server, { ref: { type: 'ref/resource', uri: 'dev://users/{userId}' }, argument: { name: 'userId', value: 'a' } })
    expect(result.values).toEqual(['ada', 'alan'])
  })

  it('a server without the completions capability gives an empty answer, not an error', async () => {
    const result = await service.complete(plain(), { ref: { type: 'ref/prompt', name: 'team' }, argument: { name: 'department', value: '' } })
    expect(result).toEqual({ supported: false, values: [] })
  })

  it("server-everything's completable prompt and its template variable", async () => {
    const everything = everythingStdio({ id: 'everything-complete' })
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' }
    expect((await service.complete(everything, { ref, argument: { name: 'department', value: 'S' } })).values).toEqual(['Sales', 'Support'])
    const names = await service.complete(everything, { ref, argument: { name: 'name', value: '' }, context: { arguments: { department: 'Engineering' } } })
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie'])
    const id = await service.complete(everything, {
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '7' }
    })
    expect(id.values).toEqual(['7'])
  })
})

describe('server log level (logging/setLevel) and the eight syslog levels', () => {
  afterEach(closeAllServices)
  const levelsOf = (service: MCPService, server: McpServer) =>
    service
      .getServerLogs(server)
      .filter((e) => e.message.startsWith('[devtools] '))
      .map((e) => e.level)

  it('keeps all eight levels apart, and after setLevel the server sends only what is at least that severe', async () => {
    const { service, events } = makeService()
    const server = devtools()
    await service.callTool({ server, name: 'log-all', args: {} })
    await waitFor(() => levelsOf(service, server).length === 8, 10_000, 'eight log lines')
    expect(levelsOf(service, server)).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])

    await service.setLogLevel(server, 'critical')
    expect(service.sessionOf(server.id).logLevel).toBe('critical')
    await service.callTool({ server, name: 'log-all', args: {} })
    await waitFor(() => levelsOf(service, server).length === 11, 10_000, 'three more log lines')
    expect(levelsOf(service, server).slice(8)).toEqual(['critical', 'alert', 'emergency'])
    // the host says what it asked, and every pushed entry passes the wire schema
    expect(service.getServerLogs(server).some((e) => e.source === 'host' && e.message.includes('"critical"'))).toBe(true)
    await waitFor(() => pushed(events).some((e) => e.level === 'emergency'), 5000, 'the lines pushed to the window')
    for (const entry of pushed(events)) ServerLogEntrySchema.strict().parse(entry)
  })

  it('the level lasts for the session: a restart starts at the server default again', async () => {
    const { service } = makeService()
    const server = devtools()
    await service.setLogLevel(server, 'error')
    expect(service.sessionOf(server.id)).toMatchObject({ connected: true, logLevel: 'error' })
    await service.restartServer(server)
    expect(service.sessionOf(server.id).logLevel).toBeUndefined()
    await service.callTool({ server, name: 'log-all', args: {} })
    await waitFor(() => levelsOf(service, server).length === 8, 10_000, 'all eight again')
  })

  it('a server without logging is refused with a sentence saying why', async () => {
    const { service } = makeService()
    await expect(service.setLogLevel(plain(), 'debug')).rejects.toThrow(/MCP server "plain": this server does not offer logging/)
  })

  it('older entries written as "warn" still read as warning', () => {
    expect(ServerLogEntrySchema.parse({ timestamp: 1, level: 'warn', message: 'old' }).level).toBe('warning')
  })
})

function pushed(events: RecordedEvent[]) {
  return events.filter((e) => e.event === 'mcp:server-log').flatMap((e) => e.payload.entries as Array<{ level: string }>)
}

describe('structured content against the outputSchema', () => {
  afterEach(closeAllServices)

  it('content that does not match the schema still reaches the user as the server sent it', async () => {
    const { service } = makeService()
    const server = devtools()
    await service.listTools(server)
    const bad = await service.callTool({ server, name: 'shape', args: { good: false } })
    expect(bad.isError).toBeFalsy()
    expect(bad.structuredContent).toEqual({ count: 'three' })
    const good = await service.callTool({ server, name: 'shape', args: { good: true } })
    expect(good.structuredContent).toEqual({ count: 3, label: 'three' })
  })
})

describe('resource subscriptions live as long as the session', () => {
  afterEach(closeAllServices)

  it('main holds what is watched; a stop ends it; the session reads without starting anything', async () => {
    const { service, events } = makeService()
    const server = devtools()
    expect(service.sessionOf(server.id)).toEqual({ connected: false, subscriptions: [] })
    await service.subscribeResource({ server, uri: 'dev://status' })
    const session = service.sessionOf(server.id)
    expect(session).toMatchObject({ connected: true, subscriptions: ['dev://status'] })
    expect(session.capabilities).toMatchObject({ completions: {}, logging: {}, resources: { subscribe: true } })
    await service.callTool({ server, name: 'touch', args: {} })
    await waitFor(() => events.some((e) => e.event === 'mcp:resource-updated'), 10_000, 'resource-updated')
    await service.stopServer(server)
    expect(service.sessionOf(server.id)).toEqual({ connected: false, subscriptions: [] })
    expect(service.pidOf(server)).toBeUndefined()
  })
})
