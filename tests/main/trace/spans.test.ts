import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { closeAllServices, everythingStdio, fixture, stdioServer } from '../services/helpers'
import { allSpans, inMemoryEcho, named, tracedService as traced } from './traceHelpers'
import { fileURLToPath } from 'node:url'

afterAll(closeAllServices)

/** A port nothing listens on: taken from the OS, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

// Spans are built as they start while a window watches, else only when read: both say the same.
describe.each([
  { mode: 'nobody watching (built when read)', watched: false },
  { mode: 'a window watching (built as they start)', watched: true }
])('spans of MCP operations, $mode', ({ watched }) => {
  const tracedService: typeof traced = (...args) => {
    const made = traced(...args)
    if (watched) made.tracing.watch()
    return made
  }

  it('a tool call with progress on server-everything is one span {server}.{tool} with its attributes, progress events and its connect as a child', async () => {
    const { service, tracing } = tracedService()
    const server = everythingStdio({ id: 'trace-everything' })
    const result = await service.callTool({ server, name: 'trigger-long-running-operation', args: { duration: 1, steps: 5 }, callId: 'trace-call-1' })
    expect(JSON.stringify(result.content)).toContain('Long running operation completed')

    const spans = allSpans(tracing)
    const calls = named(spans, 'everything.trigger-long-running-operation')
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call.status).toBe('ok')
    expect(call.end).toBeGreaterThanOrEqual(call.start)
    expect(call.attributes).toMatchObject({
      'mcp.server.id': 'trace-everything',
      'mcp.server.name': 'everything',
      'mcp.server.type': 'stdio',
      'mcp.tool.name': 'trigger-long-running-operation',
      'mcp.call.id': 'trace-call-1',
      'mcp.request.arguments': '{"duration":1,"steps":5}',
      'mcp.response.content_types': ['text'],
      'mcp.response.is_error': false
    })
    expect(call.attributes['mcp.response.size']).toBeGreaterThan(10)
    expect(String(call.attributes['mcp.response.result'])).toContain('Long running operation completed')
    // the SDK may drop the last notification: at least two of the five
    const progress = call.events.filter((event) => event.name === 'progress')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0].attributes).toMatchObject({ total: 5 })

    // the connect the call needed is its child, with the transport it tried
    const [connect] = named(spans, 'everything.connect')
    expect(connect.parentSpanId).toBe(call.spanId)
    expect(connect.traceId).toBe(call.traceId)
    expect(connect.events.find((event) => event.name === 'transport')?.attributes).toEqual({ kind: 'stdio' })
    expect(connect.status).toBe('ok')

    // a second operation on the connected server is its own trace, with no connect inside
    await service.listTools(server)
    const list = named(allSpans(tracing), 'everything.ListTools')
    expect(list).toHaveLength(1)
    expect(list[0].parentSpanId).toBeUndefined()
    expect(list[0].attributes['mcp.response.count']).toBeGreaterThan(3)
    expect(tracing.store.get(list[0].traceId)).toHaveLength(1)
  })

  it("a server's log lines during a call are events of its span, redacted; the host's own line about the call is not", async () => {
    // as the app wires it: the host's known secrets (the server's env values) scrub the spans
    let secrets: () => readonly string[] = () => []
    const { service, tracing } = tracedService({ secrets: () => secrets() })
    secrets = () => service.secrets.values()
    const secret = 'lab-secret-5f2e9a'
    const server = stdioServer(fixture('lab.mjs'), { id: 'trace-lab-log', name: 'lab', env: { API_KEY: secret } })
    await service.callTool({ server, name: 'log', args: { level: 'warning', text: `disk almost full (key ${secret})` }, callId: 'trace-log-1' })

    const [call] = named(allSpans(tracing), 'lab.log')
    const logs = call.events.filter((event) => event.name === 'log')
    expect(logs).toHaveLength(1)
    expect(logs[0].attributes.level).toBe('warning')
    expect(String(logs[0].attributes.message)).toContain('[lab] disk almost full')
    expect(JSON.stringify(call)).not.toContain(secret)
    // the Logs tab has both lines: the server's, and the host's "called log: ok"
    const lines = service.getServerLogs(server).map((entry) => entry.message)
    expect(lines.some((line) => line.includes('disk almost full'))).toBe(true)
    expect(lines.some((line) => line.startsWith('called log: ok'))).toBe(true)
  })

  it('a failing call records the error: a tool error result, and a call refused by the host with its code', async () => {
    const { service, tracing } = tracedService()
    const server = everythingStdio({ id: 'trace-fail', tools: { disabled: ['echo'] } })
    const result = await service.callTool({ server, name: 'get-sum', args: { a: 'not a number', b: 1 } })
    expect(result.isError).toBe(true)
    await expect(service.callTool({ server, name: 'echo', args: { message: 'hi' } })).rejects.toMatchObject({ code: 'TOOL_DISABLED' })

    const spans = allSpans(tracing)
    const [sum] = named(spans, 'everything.get-sum')
    expect(sum.status).toBe('error')
    expect(sum.attributes['mcp.response.is_error']).toBe(true)
    expect(sum.error).toMatch(/.+/)
    const [echo] = named(spans, 'everything.echo')
    expect(echo.status).toBe('error')
    expect(echo.error).toContain('tool "echo" is disabled')
    expect(echo.attributes['error.code']).toBe('TOOL_DISABLED')
    expect(tracing.store.list({ errorsOnly: true }).map((t) => t.root.name).sort()).toEqual(['everything.echo', 'everything.get-sum'])
    expect(tracing.store.list({ tool: 'echo' }).map((t) => t.root.name)).toEqual(['everything.echo'])
    expect(tracing.store.list({ search: 'DISABLED' }).map((t) => t.root.name)).toEqual(['everything.echo'])
  })

  it('secrets in arguments and headers are redacted in the attributes', async () => {
    const { service, tracing } = tracedService()
    await service.callTool({ server: inMemoryEcho({ id: 'secret-args' }), name: 'echo', args: { text: 'hello', apiKey: 'sk-live-0123456789abcdef', note: 'Authorization: Bearer abcdefghijklmnop' } }).catch(() => undefined)
    const port = await closedPort()
    const remote = { id: 'secret-headers', name: 'remote', type: 'streamableHttp' as const, baseUrl: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: 'Bearer header-secret-0123456789' }, isActive: true }
    await expect(service.callTool({ server: remote, name: 'echo', args: {} })).rejects.toThrow()

    const text = JSON.stringify(allSpans(tracing))
    expect(text).not.toContain('sk-live-0123456789abcdef')
    expect(text).not.toContain('abcdefghijklmnop')
    expect(text).not.toContain('header-secret-0123456789')
    const [connect] = named(allSpans(tracing), 'remote.connect')
    expect(connect.status).toBe('error')
    expect(connect.attributes['mcp.server.headers']).toContain('<redacted>')
    expect(connect.attributes['mcp.server.headers']).toContain('Authorization')
    const [call] = named(allSpans(tracing), 'echo.echo')
    expect(call.attributes['mcp.request.arguments']).toContain('"text":"hello"')
  })

  it('a stdio server receives the call\'s W3C traceparent in _meta, naming the call\'s span', async () => {
    const { service, tracing } = tracedService()
    const script = fileURLToPath(new URL('./fixtures/meta-echo.mjs', import.meta.url))
    const server = stdioServer(script, { id: 'meta-echo', name: 'meta-echo' })
    const result = await service.callTool({ server, name: 'meta', args: {} })
    const meta = JSON.parse((result.content[0] as { text: string }).text) as { traceparent?: string }
    const [call] = named(allSpans(tracing), 'meta-echo.meta')
    expect(meta.traceparent).toBe(`00-${call.traceId}-${call.spanId}-01`)
  })
})
