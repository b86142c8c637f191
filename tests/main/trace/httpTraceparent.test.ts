import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { closeAllServices, makeService } from '../services/helpers'
import { allSpans, named, tracedService } from './traceHelpers'

afterAll(closeAllServices)

interface Seen {
  method?: string
  traceparent?: string
}

/** An MCP server with one tool, `echo`. */
function mcpServer() {
  const server = new SdkServer({ name: 'recorder', version: '1.0.0' })
  server.registerTool('echo', { description: 'says it back' }, () => ({ content: [{ type: 'text', text: 'heard' }] }))
  return server
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined
}

/**
 * A real MCP server over HTTP on 127.0.0.1 (port 0) that records the `traceparent` header of
 * every JSON-RPC request it receives: Streamable HTTP on /mcp (stateless), legacy SSE on /sse.
 */
async function headerRecorder() {
  const seen: Seen[] = []
  const sse = new Map<string, SSEServerTransport>()
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname === '/sse' && req.method === 'GET') {
        const transport = new SSEServerTransport('/messages', res)
        sse.set(transport.sessionId, transport)
        await mcpServer().connect(transport)
        return
      }
      const body = await readBody(req)
      const traceparent = req.headers.traceparent
      for (const message of [body].flat() as Array<{ method?: string }>) seen.push({ method: message?.method, traceparent: typeof traceparent === 'string' ? traceparent : undefined })
      if (url.pathname === '/messages') return void (await sse.get(url.searchParams.get('sessionId') ?? '')?.handlePostMessage(req, res, body))
      const server = mcpServer()
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      res.on('close', () => void transport.close().then(() => server.close()))
      await server.connect(transport)
      await transport.handleRequest(req, res, body)
    })()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const close = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve())
      http.closeAllConnections()
    })
  recorders.push(close)
  return { base, seen }
}
const recorders: Array<() => Promise<void>> = []
afterEach(async () => {
  await closeAllServices()
  await Promise.all(recorders.splice(0).map((close) => close()))
})

describe('the W3C traceparent header to remote servers', () => {
  for (const [type, path] of [
    ['streamableHttp', '/mcp'],
    ['sse', '/sse']
  ] as const) {
    it(`${type}: the tools/call request carries the call span's traceparent; the connect's requests carry the connect's`, async () => {
      const recorder = await headerRecorder()
      const { service, tracing } = tracedService()
      const server: McpServer = { id: `remote-${type}`, name: 'remote', type, baseUrl: `${recorder.base}${path}`, isActive: true }
      const result = await service.callTool({ server, name: 'echo', args: {} })
      expect(result.content).toEqual([{ type: 'text', text: 'heard' }])

      const spans = allSpans(tracing)
      const [call] = named(spans, 'remote.echo')
      const [connect] = named(spans, 'remote.connect')
      const toolCall = recorder.seen.filter((request) => request.method === 'tools/call')
      expect(toolCall).toEqual([{ method: 'tools/call', traceparent: `00-${call.traceId}-${call.spanId}-01` }])
      const initialize = recorder.seen.find((request) => request.method === 'initialize')
      // the connect ran inside the call (its child), in the same trace
      expect(initialize?.traceparent).toBe(`00-${connect.traceId}-${connect.spanId}-01`)
      expect(connect.traceId).toBe(call.traceId)
    })
  }

  it('a request made outside any operation carries no traceparent', async () => {
    const recorder = await headerRecorder()
    // tracing off: the same transports, no spans, no header
    const plain = makeService()
    const server: McpServer = { id: 'untraced', name: 'untraced', type: 'streamableHttp', baseUrl: `${recorder.base}/mcp`, isActive: true }
    await plain.service.callTool({ server, name: 'echo', args: {} })
    expect(recorder.seen.length).toBeGreaterThan(0)
    expect(recorder.seen.every((request) => request.traceparent === undefined)).toBe(true)
  })
})
