import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { McpServer } from '@shared/mcp/server'
import { serializeError } from '../../../src/main/ipc/serializeError'
import { closeAllServices, everythingStdio, makeService, startEverythingHttp } from './helpers'

type HttpServer = Awaited<ReturnType<typeof startEverythingHttp>>
let sse: HttpServer
let streamable: HttpServer

beforeAll(async () => {
  ;[sse, streamable] = await Promise.all([startEverythingHttp('sse'), startEverythingHttp('streamableHttp')])
})
afterAll(async () => {
  await Promise.all([sse?.stop(), streamable?.stop()])
})
afterEach(closeAllServices)

async function connectListEcho(server: McpServer, options: Parameters<typeof makeService>[0] = {}) {
  const { service, events } = makeService(options)
  const info = await service.initClient(server)
  const tools = await service.listTools(server)
  const result = await service.callTool({ server, name: 'echo', args: { message: 'hello' } })
  return { service, events, info, tools, result }
}

describe('transports against server-everything', () => {
  it('stdio: connects, lists tools, calls echo', async () => {
    const { info, tools, result } = await connectListEcho(everythingStdio())
    expect(info.serverVersion?.name).toBe('mcp-servers/everything')
    expect(tools.map((t) => t.name)).toContain('echo')
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
  })

  it('SSE: connects, lists tools, calls echo', async () => {
    const { tools, result } = await connectListEcho({ id: 'sse', name: 'ev-sse', type: 'sse', baseUrl: sse.url, isActive: true })
    expect(tools.map((t) => t.name)).toContain('echo')
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
  })

  it('Streamable HTTP: connects, lists tools, calls echo', async () => {
    const { tools, result } = await connectListEcho({
      id: 'http',
      name: 'ev-http',
      type: 'streamableHttp',
      baseUrl: streamable.url,
      isActive: true
    })
    expect(tools.map((t) => t.name)).toContain('echo')
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
  })

  it('a URL without a type speaks Streamable HTTP when the server does', async () => {
    const { service, result } = await connectListEcho({ id: 'auto-http', name: 'auto-http', type: 'httpAuto', baseUrl: streamable.url, isActive: true })
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
    const log = service.getServerLogs({ id: 'auto-http', name: 'auto-http', type: 'httpAuto', baseUrl: streamable.url, isActive: true })
    expect(log.some((e) => e.message.includes('connected over streamableHttp'))).toBe(true)
  })

  it('a URL without a type falls back to SSE when the initialize POST gets a 4xx', async () => {
    const server: McpServer = { id: 'auto-sse', name: 'auto-sse', type: 'httpAuto', baseUrl: sse.url, isActive: true }
    const { service, result } = await connectListEcho(server)
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
    const messages = service.getServerLogs(server).map((e) => e.message)
    expect(messages.some((m) => m.includes('trying SSE'))).toBe(true)
    expect(messages.some((m) => m.includes('connected over sse'))).toBe(true)
  })

  it('every HTTP request goes through the Platform fetch with app and server headers', async () => {
    const seen: Array<{ url: string; headers: Headers }> = []
    const { createNodePlatform } = await import('../../../src/main/platform/nodePlatform')
    const platform = createNodePlatform({
      fetch: (input, init) => {
        seen.push({ url: String(input instanceof Request ? input.url : input), headers: new Headers(init?.headers) })
        return fetch(input, init)
      }
    })
    const server: McpServer = {
      id: 'hdr',
      name: 'hdr',
      type: 'streamableHttp',
      baseUrl: streamable.url,
      headers: { 'X-Team': 'blue', Authorization: 'Bearer secret-token-123' },
      isActive: true
    }
    const { service } = makeService({ platform })
    await service.listTools(server)
    expect(seen.length).toBeGreaterThan(0)
    for (const request of seen) {
      expect(request.headers.get('x-team')).toBe('blue')
      expect(request.headers.get('authorization')).toBe('Bearer secret-token-123')
      expect(request.headers.get('user-agent')).toMatch(/^MCPStudio\//)
    }
    // the secret never reaches the server log
    expect(JSON.stringify(service.getServerLogs(server))).not.toContain('secret-token-123')
  })

  it('in-memory: a server created in-process connects, lists tools, calls echo', async () => {
    let instances = 0
    const factory = () => {
      instances++
      const server = new SdkMcpServer({ name: 'in-proc', version: '1.0.0' })
      server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({
        content: [{ type: 'text', text: `Echo: ${message}` }]
      }))
      return server
    }
    const server: McpServer = { id: 'mem', name: 'memory-echo', type: 'inMemory', isActive: true }
    const { info, tools, result, service } = await connectListEcho(server, { inMemoryServers: { 'memory-echo': factory } })
    expect(info.serverVersion?.name).toBe('in-proc')
    expect(tools.map((t) => t.id)).toEqual(['mcp__memoryEcho__echo'])
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }])
    expect(instances).toBe(1)
    await expect(service.initClient({ ...server, id: 'other', name: 'not-built-in' })).rejects.toThrow(/no built-in server named "not-built-in"/)
  })

  it('a closed port is "connection refused" naming the server and the URL', async () => {
    const { freePort } = await import('./helpers')
    const port = await freePort()
    const { service } = makeService()
    const server: McpServer = { id: 'down', name: 'down-server', type: 'httpAuto', baseUrl: `http://127.0.0.1:${port}/mcp`, isActive: true }
    const failure = service.initClient(server)
    await expect(failure).rejects.toThrow(`MCP server "down-server": connection refused at http://127.0.0.1:${port}/mcp`)
    // no type set: the message says SSE was not tried, and why
    await expect(failure).rejects.toThrow('Streamable HTTP was tried; SSE is tried only when Streamable HTTP is answered with a 4xx')
  })

  it('a port fetch refuses to use (9, discard) says so in words, not "fetch failed (bad port)"', async () => {
    const { service } = makeService()
    const server: McpServer = { id: 'blocked', name: 'blocked-port', type: 'streamableHttp', baseUrl: 'http://127.0.0.1:9/mcp', isActive: true }
    const failure = service.initClient(server)
    await expect(failure).rejects.toThrow(
      'MCP server "blocked-port": port 9 of http://127.0.0.1:9/mcp is one that web requests may not use (it belongs to another protocol) — run the server on another port'
    )
  })

  it('an error the SDK prefixed at each hop shows its "MCP error N:" once', async () => {
    const factory = () => {
      const server = new SdkMcpServer({ name: 'relay', version: '1.0.0' })
      // a server relaying its own client's refusal: the SDK prefixes the message again on each hop
      server.registerTool('relay', {}, async () => {
        throw new McpError(-32600, new McpError(-32600, 'the user rejected the request').message)
      })
      server.registerPrompt('relayed', {}, async () => {
        throw new McpError(-32600, new McpError(-32600, 'no such thing').message)
      })
      return server
    }
    const server: McpServer = { id: 'relay', name: 'relay', type: 'inMemory', isActive: true }
    const { service } = makeService({ inMemoryServers: { relay: factory } })
    const result = await service.callTool({ server, name: 'relay', args: {} })
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'MCP error -32600: the user rejected the request' }] })
    const prompt = await service.getPrompt({ server, name: 'relayed' }).catch((error: unknown) => serializeError(error))
    expect(prompt).toMatchObject({ message: 'MCP server "relay": getting prompt "relayed" failed: MCP error -32600: no such thing' })
  })
})
