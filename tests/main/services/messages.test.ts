import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { McpMessageEntrySchema, type McpMessageEntry } from '@shared/mcp/messages'
import type { InMemoryServer, McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { closeAllServices, everythingStdio, fixture, makeService, startEverythingHttp, stdioServer, waitFor, type RecordedEvent } from './helpers'

// The Messages tab: every JSON-RPC message of a server, both directions, through the real host
let service: MCPService
let events: RecordedEvent[]

/** An in-process echo server, its config kept as given (env, headers, args) so its secrets are known. */
function echoServer(): SdkMcpServer {
  const server = new SdkMcpServer({ name: 'echo-mem', version: '1.0.0' })
  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }))
  return server
}

beforeAll(() => {
  ;({ service, events } = makeService({ inMemoryServers: { 'echo-mem': echoServer } }))
})
afterAll(closeAllServices)

let serial = 0
const memServer = (extra: Partial<InMemoryServer> = {}): InMemoryServer => ({ id: `msg-mem-${++serial}`, name: 'echo-mem', type: 'inMemory', isActive: true, ...extra })

const messagesOf = (server: McpServer) => service.getMessages(server)
const pushedOf = (server: McpServer): McpMessageEntry[] =>
  events.filter((e) => e.event === 'mcp:messages' && e.payload.serverId === server.id).flatMap((e) => e.payload.entries as McpMessageEntry[])
const find = (entries: McpMessageEntry[], match: Partial<McpMessageEntry>) =>
  entries.filter((e) => Object.entries(match).every(([k, v]) => e[k as keyof McpMessageEntry] === v))

describe('the messages of a server', () => {
  it('an echo over stdio: the handshake, then a request out and its response in with the same id, method and duration', async () => {
    const server = everythingStdio({ id: 'msg-echo' })
    const result = await service.callTool({ server, name: 'echo', args: { message: 'hi there' } })
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hi there' }])
    const entries = messagesOf(server)
    for (const entry of entries) McpMessageEntrySchema.parse(entry)
    // the handshake is seen too: the tap is in place before initialize
    const [init] = find(entries, { direction: 'out', kind: 'request', method: 'initialize' })
    expect(init).toBeDefined()
    expect(find(entries, { direction: 'in', kind: 'response', method: 'initialize', id: init.id })).toHaveLength(1)
    expect(find(entries, { direction: 'out', kind: 'notification', method: 'notifications/initialized' })).toHaveLength(1)

    const [request] = entries.filter((e) => e.kind === 'request' && e.method === 'tools/call' && JSON.stringify(e.body).includes('hi there'))
    expect(request).toMatchObject({ direction: 'out', body: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi there' } } } })
    const [response] = find(entries, { direction: 'in', kind: 'response', id: request.id })
    expect(response).toMatchObject({ method: 'tools/call', body: { result: { content: [{ type: 'text', text: 'Echo: hi there' }] } } })
    expect(response.durationMs).toBeGreaterThanOrEqual(0)
    expect(response.seq).toBeGreaterThan(request.seq)
    expect(response.time).toBeGreaterThanOrEqual(request.time)
    // and the window got the same entries, in batches
    await waitFor(() => pushedOf(server).some((e) => e.seq === response.seq), 5000, 'the response pushed to the window')
    expect(pushedOf(server).find((e) => e.seq === response.seq)).toEqual(response)
  })

  it("a server's notifications are recorded: progress of a long-running operation", async () => {
    const server = everythingStdio({ id: 'msg-progress' })
    await service.callTool({ server, name: 'trigger-long-running-operation', args: { duration: 0.3, steps: 3 }, callId: 'msg-progress-call' })
    const progress = find(messagesOf(server), { direction: 'in', kind: 'notification', method: 'notifications/progress' })
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0].body).toMatchObject({ params: { progress: expect.any(Number), total: 3 } })
    expect(progress[0].id).toBeUndefined()
    expect(progress[0].durationMs).toBeUndefined()
  })

  it("a server's own request (sampling) is recorded in, and the host's answer out, matched by id", async () => {
    const server = everythingStdio({ id: 'msg-sampling' })
    await service.initClient(server)
    const call = service.callTool({ server, name: 'trigger-sampling-request', args: { prompt: 'Say hi', maxTokens: 20 } })
    await waitFor(() => events.some((e) => e.event === 'mcp:sampling-request' && e.payload.serverId === server.id), 15_000, 'the sampling request')
    const { requestId } = events.find((e) => e.event === 'mcp:sampling-request' && e.payload.serverId === server.id)!.payload
    expect(service.respondSampling({ requestId, response: { action: 'approve', text: 'hello from the user', model: 'user' } })).toBe(true)
    await call
    const entries = messagesOf(server)
    const [asked] = find(entries, { direction: 'in', kind: 'request', method: 'sampling/createMessage' })
    expect(asked).toBeDefined()
    const [answer] = find(entries, { direction: 'out', kind: 'response', id: asked.id })
    expect(answer).toMatchObject({ method: 'sampling/createMessage', body: { result: { content: { type: 'text', text: 'hello from the user' } } } })
    expect(answer.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('an error response is its own kind, with the method of its request', async () => {
    const server = everythingStdio({ id: 'msg-error' })
    await expect(service.getPrompt({ server, name: 'no-such-prompt' })).rejects.toThrow()
    const [error] = find(messagesOf(server), { direction: 'in', kind: 'error', method: 'prompts/get' })
    expect(error.body).toMatchObject({ error: { code: expect.any(Number), message: expect.any(String) } })
    expect(error.durationMs).toBeGreaterThanOrEqual(0)
  })

  // header values take the same path (serverSecretValues, see redact.test.ts); an in-process server has none
  it('secrets in env and args values are redacted in bodies, both ways and in what is pushed', async () => {
    const ENV = 'env-secret-value-8d7f6a5e'
    const OTHER = 'other-secret-value-1c2b3a'
    const FLAG = 'flag-secret-value-9e8d7c'
    const server = memServer({ env: { SOME_SETTING: ENV, X_CUSTOM: OTHER }, args: ['--api-key', FLAG] })
    for (const secret of [ENV, OTHER, FLAG]) await service.callTool({ server, name: 'echo', args: { message: `value ${secret} here` } })
    // a secret-looking key is hidden whatever its value
    await service.callTool({ server, name: 'echo', args: { message: 'ok', password: 'hunter2-hunter2' } })
    const entries = messagesOf(server)
    const text = JSON.stringify(entries)
    for (const secret of [ENV, OTHER, FLAG, 'hunter2-hunter2']) expect(text).not.toContain(secret)
    const calls = find(entries, { direction: 'out', method: 'tools/call' })
    expect(calls[0].body).toMatchObject({ params: { arguments: { message: 'value <redacted> here' } } })
    expect(calls[3].body).toMatchObject({ params: { arguments: { password: '<redacted>' } } })
    const replies = find(entries, { direction: 'in', kind: 'response', method: 'tools/call' })
    expect(replies[0].body).toMatchObject({ result: { content: [{ text: 'Echo: value <redacted> here' }] } })
    await waitFor(() => pushedOf(server).length === entries.length, 5000, 'every entry pushed')
    for (const secret of [ENV, OTHER, FLAG]) expect(JSON.stringify(pushedOf(server))).not.toContain(secret)
  })

  it("a server that leaks its key in its log notifications and errors: the key is never in a message", async () => {
    const KEY = 'sk-live-messages-0123456789'
    const server = stdioServer(fixture('leaky-secret.mjs'), { id: 'msg-leak', env: { API_KEY: KEY } })
    await service.callTool({ server, name: 'leak', args: {} })
    const entries = messagesOf(server)
    expect(find(entries, { direction: 'in', method: 'notifications/message' }).length).toBe(2)
    expect(JSON.stringify(entries)).not.toContain(KEY)
  })

  it('long strings in a body are cut like log lines', async () => {
    const server = memServer()
    await service.callTool({ server, name: 'echo', args: { message: 'x'.repeat(50_000) } })
    const [request] = find(messagesOf(server), { direction: 'out', method: 'tools/call' })
    const message = (request.body as { params: { arguments: { message: string } } }).params.arguments.message
    expect(message).toBe(`${'x'.repeat(2000)}…<48000 more>`)
  })

  it('keeps the last 1,000 per server, in order', async () => {
    const server = memServer()
    for (let i = 0; i < 520; i++) await service.callTool({ server, name: 'echo', args: { message: `m${i}` } })
    const entries = messagesOf(server)
    expect(entries).toHaveLength(1000)
    // the handshake scrolled out; the newest is the last call's response
    expect(find(entries, { method: 'initialize' })).toHaveLength(0)
    expect(entries.at(-1)).toMatchObject({ direction: 'in', kind: 'response', body: { result: { content: [{ text: 'Echo: m519' }] } } })
    for (let i = 1; i < entries.length; i++) expect(entries[i].seq).toBeGreaterThan(entries[i - 1].seq)
  })

  it("a stopped server's messages are still readable, a restart adds to them, and clear empties them", async () => {
    const server = everythingStdio({ id: 'msg-stopped' })
    await service.callTool({ server, name: 'echo', args: { message: 'before stop' } })
    await service.stopServer(server)
    expect(service.stateOf(server.id).status).toBe('stopped')
    const kept = messagesOf(server)
    expect(JSON.stringify(kept)).toContain('before stop')
    await service.callTool({ server, name: 'echo', args: { message: 'after restart' } })
    const after = messagesOf(server)
    expect(after.slice(0, kept.length)).toEqual(kept)
    expect(find(after, { method: 'initialize', direction: 'out' })).toHaveLength(2)
    service.clearMessages(server)
    expect(messagesOf(server)).toEqual([])
  })

  it.each(['streamableHttp', 'sse'] as const)('over %s too: the handshake and a call, both ways', async (type) => {
    const http = await startEverythingHttp(type)
    try {
      const server: McpServer = { id: `msg-${type}`, name: `everything-${type}`, type, baseUrl: http.url, isActive: true }
      await service.callTool({ server, name: 'echo', args: { message: `over ${type}` } })
      const entries = messagesOf(server)
      expect(find(entries, { direction: 'in', kind: 'response', method: 'initialize' })).toHaveLength(1)
      const [request] = entries.filter((e) => e.method === 'tools/call' && e.direction === 'out')
      expect(find(entries, { direction: 'in', kind: 'response', id: request.id })[0].body).toMatchObject({ result: { content: [{ text: `Echo: over ${type}` }] } })
      await service.stopServer(server)
    } finally {
      await http.stop()
    }
  })
})
