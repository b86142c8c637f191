import { McpServer as SdkServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MCPService } from '../../../src/main/services/mcp/MCPService'
import { closeAllServices } from '../services/helpers'
import { allSpans, inMemoryEcho, tracedService } from './traceHelpers'

afterAll(closeAllServices)

/** An in-process server with a bit of everything: a tool, one that waits to be cancelled, a prompt, a resource, a template. */
function labServer() {
  const server = new SdkServer({ name: 'lab', version: '1.0.0' })
  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
  server.registerTool('wait', {}, (extra) => new Promise((_resolve, reject) => extra.signal.addEventListener('abort', () => reject(new Error('cancelled')))))
  server.registerPrompt('greet', { argsSchema: { name: z.string() } }, ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `hello ${name}` } }] }))
  server.registerResource('note', 'lab://note', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'a note' }] }))
  server.registerResource('notes', new ResourceTemplate('lab://notes/{id}', { list: undefined }), {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'one note' }] }))
  return server
}

const lab = () => inMemoryEcho({ name: 'lab' })
const made = () => tracedService({}, { inMemoryServers: { lab: labServer } })
const names = (tracing: ReturnType<typeof made>['tracing']) => allSpans(tracing).map((span) => span.name).sort()

/** Every operation the decorator traces, once. */
async function everyOperation(service: ReturnType<typeof made>['service'], server: ReturnType<typeof lab>) {
  return [
    await service.listTools(server),
    await service.callTool({ server, name: 'echo', args: { text: 'hi' } }),
    await service.listPrompts(server),
    await service.getPrompt({ server, name: 'greet', args: { name: 'Ann' } }),
    await service.listResources(server),
    await service.listResourceTemplates(server),
    await service.getResource({ server, uri: 'lab://note' }),
    await service.checkMcpConnectivity(server)
  ]
}

describe('tracing as a decorator of the service', () => {
  it('makes each operation a span, and leaves the service it wraps as it was', async () => {
    const { service, untraced, tracing } = made()
    const server = lab()
    await everyOperation(service, server)
    expect(names(tracing)).toEqual([
      'lab.GetPrompt greet',
      'lab.ListPrompts',
      'lab.ListResourceTemplates',
      'lab.ListResources',
      // the connectivity check's is the second
      'lab.ListTools',
      'lab.ListTools',
      'lab.ReadResource',
      'lab.connect',
      'lab.echo'
    ])
    // nothing replaced in place: the service's own methods, and calls made on it are no spans
    expect(untraced.callTool).toBe(MCPService.prototype.callTool)
    expect(Object.keys(untraced)).not.toContain('callTool')
    const before = allSpans(tracing).length
    await untraced.callTool({ server, name: 'echo', args: { text: 'untraced' } })
    await untraced.listTools(server)
    expect(allSpans(tracing)).toHaveLength(before)
  })

  it('paused, every operation runs as if untraced and gives the same answers', async () => {
    // the same server on two services, one recording and one paused
    const server = lab()
    const answers = await everyOperation(made().service, server)
    const paused = made()
    paused.tracing.record(false)
    expect(await everyOperation(paused.service, server)).toEqual(answers)
    expect(allSpans(paused.tracing)).toEqual([])
  })

  it("a cancel is an event of the call's span", async () => {
    const { service, tracing } = made()
    const server = lab()
    await service.listTools(server)
    const call = service.callTool({ server, name: 'wait', args: {}, callId: 'to-cancel' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(service.abortTool('to-cancel')).toBe(true)
    await expect(call).rejects.toThrow()
    const span = allSpans(tracing).find((one) => one.name === 'lab.wait')!
    expect(span.status).toBe('error')
    expect(span.events.find((event) => event.name === 'cancel')?.attributes).toEqual({ reason: 'cancelled by the user' })
  })
})
