import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { labServer, progressOf } from './callHelpers'
import { closeAllServices, everythingStdio, isAlive, makeService, waitFor, type RecordedEvent } from './helpers'

// one service for the file; each test that reads the wire gets its own lab process
let service: MCPService
let events: RecordedEvent[]

beforeAll(() => {
  ;({ service, events } = makeService())
})
afterAll(closeAllServices)

const toolCallsOn = (wire: string[]) => wire.filter((line) => line === 'request tools/call').length

describe('progress', () => {
  it('trigger-long-running-operation emits at least two mcp:progress events with the callId', async () => {
    const server = everythingStdio({ id: 'progress-everything' })
    const result = await service.callTool(
      { server, name: 'trigger-long-running-operation', args: { duration: 1, steps: 5 }, callId: 'progress-1' },
      {}
    )
    expect(JSON.stringify(result.content)).toContain('Long running operation completed')
    // the last notification can be dropped by the SDK, so ≥ 2 of the 5
    const progress = progressOf(events, 'progress-1')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    for (const p of progress) expect(p).toMatchObject({ callId: 'progress-1', total: 5 })
    const values = progress.map((p) => p.progress)
    expect(values).toEqual([...values].sort((a, b) => a - b))
  })
})

describe('timeouts and long-running mode', () => {
  const { server } = labServer({ id: 'lab-timeouts' })

  it('a long-running call outlives its 1 s timeout while progress flows', async () => {
    const result = await service.callTool({ server: { ...server, timeout: 1, longRunning: true }, name: 'wait', args: { ms: 2500 }, callId: 'long-1' })
    expect(result.content).toEqual([{ type: 'text', text: 'waited 2500 ms' }])
    expect(progressOf(events, 'long-1').some((p) => p.message?.startsWith('step'))).toBe(true)
  })

  it('without longRunning the same call times out with a clear TOOL_TIMEOUT naming the server and tool', async () => {
    const call = service.callTool({ server: { ...server, timeout: 1 }, name: 'wait', args: { ms: 2500 } })
    await expect(call).rejects.toMatchObject({ code: 'TOOL_TIMEOUT', serverName: 'lab' })
    await expect(call).rejects.toThrow(/^MCP server "lab": tool "wait" timed out after 1 s — raise the server's timeout/)
  })

  it('a per-call timeoutMs overrides server.timeout; a bad one is refused', async () => {
    await expect(service.callTool({ server: { ...server, timeout: 60 }, name: 'wait', args: { ms: 30_000 } }, { timeoutMs: 300 })).rejects.toThrow(
      'tool "wait" timed out after 300 ms'
    )
    await expect(service.callTool({ server, name: 'wait', args: { ms: 1 } }, { timeoutMs: 0 })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('the timeout for tool "wait" must be a positive number')
    })
  })

  it('a long-running call stops at the cap even though progress keeps flowing, and the server is told', async () => {
    const { server: capped, wire } = labServer({ id: 'lab-cap', timeout: 1, longRunning: true })
    const call = service.callTool({ server: capped, name: 'wait', args: { ms: 30_000 }, callId: 'cap-1' }, { longRunningMaxMs: 2000 })
    await expect(call).rejects.toMatchObject({ code: 'TOOL_TIMEOUT' })
    await expect(call).rejects.toThrow(/^MCP server "lab": tool "wait" was stopped at the long-running limit of 2 s — no single call may run longer/)
    // progress ran past the 1 s timeout (the server counts 100 ms steps), so the cap, not the timeout, ended it
    expect(Math.max(...progressOf(events, 'cap-1').map((p) => p.progress))).toBeGreaterThanOrEqual(1000)
    await waitFor(() => wire().includes('aborted wait'), 10_000, 'the lab server to see the cancellation')
    expect(wire()).toContain('notification notifications/cancelled')
  })
})

describe('abort', () => {
  it('abortTool mid-call rejects as CANCELLED and the server receives notifications/cancelled', async () => {
    const { server, wire } = labServer({ id: 'lab-abort' })
    const call = service.callTool({ server, name: 'wait', args: { ms: 30_000 }, callId: 'abort-1' })
    await waitFor(() => progressOf(events, 'abort-1').length > 0, 15_000, 'the wait tool to start')
    expect(service.abortTool('abort-1')).toBe(true)
    // rejecting at all proves it ended before the tool's 30 s were up: it would have resolved then
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' })
    await expect(call).rejects.toThrow('MCP server "lab": call of tool "wait" was cancelled by the user')
    await waitFor(() => wire().includes('aborted wait'), 10_000, 'the lab server to see the cancellation')
    expect(wire()).toContain('notification notifications/cancelled')
    expect(service.abortTool('abort-1')).toBe(false)
    // the connection is still good for the next call
    expect((await service.callTool({ server, name: 'wait', args: { ms: 100 } })).content).toEqual([{ type: 'text', text: 'waited 100 ms' }])
  })

  it('closeAll cancels calls in flight with a reason the user can read', async () => {
    const { service: closing, events: closingEvents } = makeService()
    const { server, wire } = labServer({ id: 'lab-quit' })
    const call = closing.callTool({ server, name: 'wait', args: { ms: 30_000 }, callId: 'quit-1' })
    await waitFor(() => progressOf(closingEvents, 'quit-1').length > 0, 15_000, 'the wait tool to start')
    const outcome = expect(call).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'MCP server "lab": call of tool "wait" was cancelled because the app is shutting down'
    })
    await closing.closeAll()
    await outcome
    expect(wire()).toContain('notification notifications/cancelled')
  })

  it('abortTool of an unknown id is false', () => {
    expect(service.abortTool('no-such-call')).toBe(false)
  })

  it("the caller's AbortSignal cancels too, also when it is already aborted", async () => {
    const { server, wire } = labServer({ id: 'lab-signal' })
    const outer = new AbortController()
    const call = service.callTool({ server, name: 'wait', args: { ms: 30_000 }, callId: 'signal-1' }, { signal: outer.signal })
    await waitFor(() => progressOf(events, 'signal-1').length > 0, 15_000, 'the wait tool to start')
    outer.abort()
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED', message: expect.stringContaining('call of tool "wait" was cancelled') })
    await waitFor(() => wire().includes('aborted wait'), 10_000, 'the lab server to see the cancellation')
    const calls = toolCallsOn(wire())
    await expect(service.callTool({ server, name: 'wait', args: { ms: 100 } }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'CANCELLED'
    })
    expect(toolCallsOn(wire())).toBe(calls)
  })
})

describe('arguments', () => {
  const { server, wire } = labServer({ id: 'lab-args' })

  it('string args are JSON; "" and blanks are {}', async () => {
    expect((await service.callTool({ server, name: 'wait', args: '{"ms": 100}' })).content).toEqual([{ type: 'text', text: 'waited 100 ms' }])
    const everything = everythingStdio({ id: 'args-everything' })
    for (const args of ['', '   ']) {
      const result = await service.callTool({ server: everything, name: 'get-tiny-image', args })
      expect(result.content.some((c) => c.type === 'image')).toBe(true)
    }
  })

  it('bad JSON and non-objects are clear errors naming the server and tool, and nothing is sent', async () => {
    await service.initClient(server)
    const before = toolCallsOn(wire())
    await expect(service.callTool({ server, name: 'wait', args: '{"ms": ' })).rejects.toThrow(
      /^MCP server "lab": arguments for tool "wait" are not valid JSON \(.+\) — pass a JSON object such as \{"text": "hi"\}$/
    )
    // the arguments are not echoed back: they may hold a key
    const leaky = service.callTool({ server, name: 'wait', args: '{"apiKey": sk-live-123}' })
    await expect(leaky).rejects.toThrow(/are not valid JSON \(Unexpected token 's'\)/)
    await expect(leaky).rejects.not.toThrow('sk-live-123')
    const cases: Array<[unknown, string]> = [
      ['[1, 2]', 'an array'],
      ['42', 'a number'],
      ['"text"', 'a string'],
      ['null', 'null'],
      [7, 'a number'],
      [['a'], 'an array']
    ]
    for (const [args, kind] of cases) {
      await expect(service.callTool({ server, name: 'wait', args: args as string })).rejects.toMatchObject({
        code: 'BAD_ARGUMENTS',
        message: `MCP server "lab": arguments for tool "wait" must be a JSON object such as {"text": "hi"}, not ${kind}`
      })
    }
    expect(toolCallsOn(wire())).toBe(before)
  })
})

describe('disabled tools and call ids', () => {
  it('a disabled tool is refused with a clear error before anything reaches the server', async () => {
    const { server, wire } = labServer({ id: 'lab-disabled', tools: { disabled: ['wait'] } })
    const call = service.callTool({ server, name: 'wait', args: { ms: 100 } })
    await expect(call).rejects.toMatchObject({ code: 'TOOL_DISABLED' })
    await expect(call).rejects.toThrow('MCP server "lab": tool "wait" is disabled for this server — enable it in the server\'s Tools tab')
    // another tool of the same server still goes through, and it is the only call the server saw
    await service.callTool({ server, name: 'log', args: { level: 'info', text: 'hello' } })
    await waitFor(() => toolCallsOn(wire()) === 1, 5000, 'the log call on the wire')
    expect(toolCallsOn(wire())).toBe(1)
  })

  it('a callId that is already running is refused; once it ends the id is free again', async () => {
    const { server, wire } = labServer({ id: 'lab-dup' })
    const first = service.callTool({ server, name: 'wait', args: { ms: 30_000 }, callId: 'dup-1' })
    await waitFor(() => progressOf(events, 'dup-1').length > 0, 15_000, 'the first call to start')
    await expect(service.callTool({ server, name: 'wait', args: { ms: 100 }, callId: 'dup-1' })).rejects.toMatchObject({
      code: 'CALL_ID_IN_USE',
      message: expect.stringMatching(/^MCP server "lab": a call with id "dup-1" is already running — wait for it to end or call tool "wait" with another id$/)
    })
    expect(toolCallsOn(wire())).toBe(1)
    expect(service.abortTool('dup-1')).toBe(true)
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' })
    const again = await service.callTool({ server, name: 'wait', args: { ms: 100 }, callId: 'dup-1' })
    expect(again.content).toEqual([{ type: 'text', text: 'waited 100 ms' }])
  })
})

// every content type the protocol has, from a real SDK server running in this process
const EVERY_CONTENT: CallToolResult = {
  content: [
    { type: 'text', text: 'hello', annotations: { audience: ['user'], priority: 0.5 } },
    { type: 'image', data: Buffer.from('\x89PNG\r\n\x1a\n').toString('base64'), mimeType: 'image/png' },
    { type: 'audio', data: Buffer.from('RIFF\0\0\0\0WAVE').toString('base64'), mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'lab://text', mimeType: 'text/plain', text: 'embedded text' } },
    { type: 'resource', resource: { uri: 'lab://blob', mimeType: 'application/octet-stream', blob: Buffer.from([0, 1, 2, 255]).toString('base64') } },
    { type: 'resource_link', uri: 'lab://linked', name: 'linked', mimeType: 'text/plain', description: 'a link' }
  ],
  structuredContent: { answer: 42, nested: { list: [1, 'two'] } },
  _meta: { 'lab/trace': 'kept' }
}

function contentServer(): Server {
  const server = new Server({ name: 'content-lab', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: ['every-content', 'tool-error', 'bad-params', 'throws', 'server-error'].map((name) => ({ name, inputSchema: { type: 'object' as const } }))
  }))
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    switch (request.params.name) {
      case 'every-content':
        return EVERY_CONTENT
      case 'tool-error':
        return { content: [{ type: 'text', text: 'the weather service is down' }], isError: true }
      case 'bad-params':
        throw new McpError(ErrorCode.InvalidParams, 'city is required')
      case 'server-error':
        // -32000 is a server's own generic error code too, not only the SDK's "connection closed"
        throw new McpError(-32000, 'rate limited by the upstream API')
      default:
        throw new Error('something broke inside')
    }
  })
  return server
}

describe('results and failures', () => {
  let inProcess: MCPService
  const server: McpServer = { id: 'content-lab', name: 'content-lab', type: 'inMemory', isActive: true }
  beforeAll(() => {
    ;({ service: inProcess } = makeService({ inMemoryServers: { 'content-lab': contentServer } }))
  })

  it('keeps text, image, audio, text and blob resources, resource_link, structuredContent and _meta exactly', async () => {
    expect(await inProcess.callTool({ server, name: 'every-content', args: {} })).toEqual(EVERY_CONTENT)
  })

  it("a server's own -32000 error is reported as its message and code, not as a closed connection", async () => {
    await expect(inProcess.callTool({ server, name: 'server-error', args: {} })).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: 'MCP server "content-lab": tool "server-error" failed: the server answered with error -32000: rate limited by the upstream API — check the server\'s logs'
    })
    // and the connection is fine: the next call is answered
    expect(await inProcess.callTool({ server, name: 'tool-error', args: {} })).toMatchObject({ isError: true })
  })

  it('an isError result is a result, not a thrown error', async () => {
    expect(await inProcess.callTool({ server, name: 'tool-error', args: {} })).toEqual({
      content: [{ type: 'text', text: 'the weather service is down' }],
      isError: true
    })
  })

  it('a JSON-RPC error is a REQUEST_FAILED naming the server and tool, and what to do', async () => {
    await expect(inProcess.callTool({ server, name: 'bad-params', args: {} })).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: expect.stringMatching(/^MCP server "content-lab": tool "bad-params" refused its arguments: .*city is required — check them against the tool's input schema$/)
    })
    await expect(inProcess.callTool({ server, name: 'throws', args: {} })).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: expect.stringMatching(/^MCP server "content-lab": tool "throws" failed: .*something broke inside — check the server's logs$/)
    })
  })

  it('a server that dies mid-call fails the call with a clear error, not a hang', async () => {
    const { server: lab } = labServer({ id: 'lab-dies' })
    await service.initClient(lab)
    const pid = service.pidOf(lab)!
    const call = service.callTool({ server: lab, name: 'wait', args: { ms: 30_000 }, callId: 'dies-1' })
    await waitFor(() => progressOf(events, 'dies-1').length > 0, 15_000, 'the wait tool to start')
    process.kill(pid, 'SIGKILL')
    await expect(call).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: expect.stringMatching(/^MCP server "lab": the connection to the server closed while tool "wait" was running .* — check the server's logs and start it again$/)
    })
    await waitFor(() => !isAlive(pid), 5000, 'the killed server to be gone')
  })
})
