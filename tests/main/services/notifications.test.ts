import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { closeAllServices, fixture, makeService, stdioServer, waitFor } from './helpers'

afterEach(() => closeAllServices())

const lab = () => stdioServer(fixture('lab.mjs'), { name: 'lab' })

describe('server notifications and subscriptions', () => {
  it('a subscribed resource that changes reaches the renderer as mcp:resource-updated', async () => {
    const { service, events } = makeService()
    const server = lab()
    await service.subscribeResource({ server, uri: 'lab://note' })
    await service.callTool({ server, name: 'touch', args: { uri: 'lab://note' } })
    await waitFor(() => events.some((e) => e.event === 'mcp:resource-updated'), 10_000, 'resource-updated event')
    expect(events.find((e) => e.event === 'mcp:resource-updated')?.payload).toEqual({ serverId: server.id, uri: 'lab://note' })
    await service.unsubscribeResource({ server, uri: 'lab://note' })
  })

  it('subscribing on a server without subscriptions is a clear error', async () => {
    const { service } = makeService()
    const server = stdioServer(fixture('pid-echo.mjs'), { name: 'plain' })
    await expect(service.subscribeResource({ server, uri: 'x://y' })).rejects.toThrow(/MCP server "plain".*does not offer resource subscriptions/)
  })

  it("a server's logging messages go into its log with their own syslog level and logger", async () => {
    const { service } = makeService()
    const server = lab()
    await service.callTool({ server, name: 'log', args: { level: 'warning', text: 'disk almost full' } })
    await service.callTool({ server, name: 'log', args: { level: 'critical', text: 'disk full' } })
    await waitFor(() => service.getServerLogs(server).some((e) => e.message.includes('disk full')), 10_000, 'log entries')
    const logs = service.getServerLogs(server)
    expect(logs.find((e) => e.message === '[lab] disk almost full')?.level).toBe('warning')
    // critical, alert and emergency are kept apart from error
    expect(logs.find((e) => e.message === '[lab] disk full')?.level).toBe('critical')
  })

  it('a server withdrawing its own request is logged and closes the dialog', async () => {
    const { service, events } = makeService()
    const server = lab()
    const result = await service.callTool({ server, name: 'ask-then-give-up', args: { ms: 300 } })
    expect(JSON.stringify(result.content)).toContain('gave up')
    const asked = events.find((e) => e.event === 'mcp:elicitation-request')
    expect(asked?.payload).toMatchObject({ serverId: server.id, serverName: 'lab', params: { message: 'Never mind' } })
    await waitFor(() => events.some((e) => e.event === 'mcp:client-request-done'), 10_000, 'request done')
    expect(events.find((e) => e.event === 'mcp:client-request-done')?.payload).toEqual({ requestId: asked?.payload.requestId, outcome: 'cancelled' })
    await waitFor(() => service.getServerLogs(server).some((e) => e.message.startsWith('cancelled its request')), 10_000, 'cancelled logged')
    // the dialog's late answer is refused, not sent to a server that no longer waits
    expect(service.respondElicitation({ requestId: asked?.payload.requestId, response: { action: 'decline' } })).toBe(false)
  })
})

/** A server that, asked to, sends a flood of tools/list_changed while its tool list grows. */
function floodingServer() {
  let tools = 1
  const server = new Server({ name: 'flooding', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Array.from({ length: tools }, (_, i) => ({ name: `tool-${i}`, inputSchema: { type: 'object' as const } }))
  }))
  server.setRequestHandler(CallToolRequestSchema, async () => {
    for (let i = 0; i < 2000; i++) {
      tools++
      await server.sendToolListChanged()
    }
    return { content: [{ type: 'text', text: 'flooded' }] }
  })
  return server
}

describe('list_changed floods', () => {
  it('2,000 notifications in a burst reach the windows as a few list-changed events, the last after the burst', async () => {
    const { service, events } = makeService({ inMemoryServers: { flooding: floodingServer } })
    const server: McpServer = { id: 'flooding', name: 'flooding', type: 'inMemory', isActive: true }
    expect(await service.listTools(server)).toHaveLength(1)
    await service.callTool({ server, name: 'flood', args: {} })
    const told = () => events.filter((e) => e.event === 'mcp:list-changed').length
    // the burst is over once a window passes with nothing new: then what the window re-lists is the last list
    await waitFor(async () => (await service.listTools(server)).length === 2001, 10_000, 'the final list')
    const settled = told()
    expect(settled).toBeGreaterThanOrEqual(1)
    expect(settled).toBeLessThan(20)
  })
})
