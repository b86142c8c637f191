import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import type { ServerStatusEvent } from '@shared/mcp/status'
import { closeAllServices, makeService, waitFor } from './helpers'

afterEach(() => closeAllServices())

/** An in-process server that counts what it is asked, so a test sees what reached it. */
function countingServer() {
  const seen = { lists: 0, closes: 0 }
  const factory = () => {
    const server = new Server({ name: 'counting', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => {
      seen.lists++
      return { tools: ['echo', 'ask'].map((name) => ({ name, inputSchema: { type: 'object' as const } })) }
    })
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      if (request.params.name !== 'ask') return { content: [{ type: 'text', text: 'echo' }] }
      const answer = await server.elicitInput({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } })
      return { content: [{ type: 'text', text: answer.action }] }
    })
    server.onclose = () => void seen.closes++
    return server
  }
  return { seen, factory }
}

const config: McpServer = { id: 'c1', name: 'counting', type: 'inMemory', isActive: true }

describe('ServerConnection: one object per server', () => {
  it('goes stopped → starting → connected → stopped, and tells each step', async () => {
    const { factory } = countingServer()
    const { service, events } = makeService({ inMemoryServers: { counting: factory } })
    expect(service.stateOf('c1').status).toBe('stopped')
    await service.initClient(config)
    expect(service.stateOf('c1').status).toBe('connected')
    await service.stopServer(config)
    expect(service.stateOf('c1').status).toBe('stopped')
    const statuses = events.filter((e) => e.event === 'mcp:server-status').map((e) => (e.payload as ServerStatusEvent).state.status)
    expect(statuses).toEqual(['starting', 'connected', 'stopped'])
  })

  it('a config the user did not approve is not started: needs-approval, and the server never sees a request', async () => {
    const { seen, factory } = countingServer()
    let approved = false
    const { service } = makeService({ inMemoryServers: { counting: factory }, trust: () => approved })
    await expect(service.listTools(config)).rejects.toMatchObject({ code: 'NEEDS_APPROVAL' })
    expect(service.stateOf('c1').status).toBe('needs-approval')
    expect(seen.lists).toBe(0)
    approved = true
    expect(await service.listTools(config)).toHaveLength(2)
    expect(service.stateOf('c1').status).toBe('connected')
  })

  it('a failed start is "failed" with the reason; the next call tries again', async () => {
    let fail = true
    const { factory } = countingServer()
    const { service } = makeService({
      inMemoryServers: {
        counting: () => {
          if (fail) throw new Error('the database is not reachable')
          return factory()
        }
      }
    })
    await expect(service.initClient(config)).rejects.toThrow(/database is not reachable/)
    expect(service.stateOf('c1').status).toBe('failed')
    fail = false
    await service.initClient(config)
    expect(service.stateOf('c1').status).toBe('connected')
  })

  it('removing a server ends everything it held at once: client, cached lists, waiting dialogs, log', async () => {
    const { seen, factory } = countingServer()
    const { service, events } = makeService({ inMemoryServers: { counting: factory } })
    await service.listTools(config)
    await service.listTools(config)
    await waitFor(() => seen.lists >= 1, 5000, 'the first listing')
    const listsBefore = seen.lists
    // a dialog the server is waiting on
    const asking = service.callTool({ server: config, name: 'ask', args: {} })
    await waitFor(() => service.pendingRequests().length === 1, 5000, 'the elicitation')
    expect(service.getServerLogs(config).length).toBeGreaterThan(0)

    await service.removeServer(config)
    expect(seen.closes).toBe(1)
    await expect(asking).rejects.toThrow()
    expect(service.pendingRequests()).toEqual([])
    expect(events.some((e) => e.event === 'mcp:client-request-done' && (e.payload as { outcome: string }).outcome === 'cancelled')).toBe(true)
    expect(service.getServerLogs(config)).toEqual([])
    expect(service.stateOf('c1').status).toBe('stopped')

    // a server added again under the same id starts from nothing: its tools are listed anew
    await service.listTools(config)
    expect(seen.lists).toBeGreaterThan(listsBefore)
  })
})
