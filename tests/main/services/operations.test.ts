import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { closeAllServices, everythingStdio, fixture, makeService, stdioServer, type RecordedEvent } from './helpers'

// one server-everything over stdio for the whole file: these tests exercise calls, not connects
let service: MCPService
let events: RecordedEvent[]
const server: McpServer = everythingStdio({ id: 'ops', name: 'everything' })

beforeAll(async () => {
  ;({ service, events } = makeService())
  await service.initClient(server)
})
afterAll(closeAllServices)

describe('tools', () => {
  it('lists tools as McpTool with function-call ids, owner and schema', async () => {
    const tools = await service.listTools(server)
    const echo = tools.find((t) => t.name === 'echo')!
    expect(echo).toMatchObject({ id: 'mcp__everything__echo', serverId: 'ops', serverName: 'everything' })
    expect(echo.inputSchema.type).toBe('object')
    expect(tools.find((t) => t.name === 'get-sum')?.id).toMatch(/^mcp__everything__getSum_[0-9a-z]{8}$/)
    for (const tool of tools) expect(tool.id).toMatch(/^[A-Za-z0-9_]{1,63}$/)
    expect(new Set(tools.map((t) => t.id)).size).toBe(tools.length)
  })

  it('string args are JSON ("" → {}), bad JSON is a clear error naming the server and tool', async () => {
    const sum = await service.callTool({ server, name: 'get-sum', args: '{"a": 2, "b": 3}' })
    expect(JSON.stringify(sum.content)).toContain('5')
    const empty = await service.callTool({ server, name: 'get-tiny-image', args: '' })
    expect(empty.content.some((c) => c.type === 'image')).toBe(true)
    await expect(service.callTool({ server, name: 'echo', args: '{"message": ' })).rejects.toThrow(
      /^MCP server "everything": arguments for tool "echo" are not valid JSON/
    )
    await expect(service.callTool({ server, name: 'echo', args: '[1,2]' })).rejects.toThrow(/must be a JSON object/)
  })

  it('keeps every content type: image, resource links, structured content', async () => {
    const links = await service.callTool({ server, name: 'get-resource-links', args: { count: 2 } })
    expect(links.content.filter((c) => c.type === 'resource_link')).toHaveLength(2)
    const structured = await service.callTool({ server, name: 'get-structured-content', args: { location: 'New York' } })
    expect(structured.structuredContent).toBeDefined()
  })

  it('a tool error comes back as an isError result, not a thrown error', async () => {
    const result = await service.callTool({ server, name: 'no-such-tool', args: {} })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('no-such-tool not found')
  })

  it('disabledTools are refused before anything is sent', async () => {
    await expect(service.callTool({ server: { ...server, tools: { disabled: ['echo'] } }, name: 'echo', args: { message: 'x' } })).rejects.toThrow(
      'MCP server "everything": tool "echo" is disabled for this server'
    )
  })

  it('progress is forwarded with the callId; abortTool cancels a running call', async () => {
    const running = service.callTool({
      server,
      name: 'trigger-long-running-operation',
      args: { duration: 30, steps: 30 },
      callId: 'call-1'
    })
    const progress = () => events.filter((e) => e.event === 'mcp:progress' && e.payload.callId === 'call-1')
    const { waitFor } = await import('./helpers')
    await waitFor(() => progress().length >= 1, 15_000, 'a progress event')
    expect(progress()[0].payload).toMatchObject({ callId: 'call-1', total: 30 })
    expect(service.abortTool('call-1')).toBe(true)
    await expect(running).rejects.toThrow('MCP server "everything": call of tool "trigger-long-running-operation" was cancelled')
    expect(service.abortTool('call-1')).toBe(false)
    // the server is still usable afterwards
    const echo = await service.callTool({ server, name: 'echo', args: { message: 'after abort' } })
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: after abort' }])
  })

  it('a call times out after server.timeout seconds with a clear error', async () => {
    await expect(
      service.callTool({ server: { ...server, timeout: 1 }, name: 'trigger-long-running-operation', args: { duration: 20, steps: 2 } })
    ).rejects.toThrow('MCP server "everything": tool "trigger-long-running-operation" timed out after 1 s')
  })
})

describe('prompts and resources', () => {
  it('lists and gets prompts, with arguments', async () => {
    const prompts = await service.listPrompts(server)
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']))
    const simple = await service.getPrompt({ server, name: 'simple-prompt' })
    expect(simple.messages.length).toBeGreaterThan(0)
    const withArgs = await service.getPrompt({ server, name: 'args-prompt', args: { city: 'Paris' } })
    expect(JSON.stringify(withArgs.messages)).toContain('Paris')
  })

  it('lists and reads resources', async () => {
    const resources = await service.listResources(server)
    expect(resources.length).toBeGreaterThan(0)
    const read = await service.getResource({ server, uri: resources[0].uri })
    expect(read.contents[0].uri).toBe(resources[0].uri)
  })

  it('an error is shown, not swallowed into an empty list', async () => {
    await expect(service.getPrompt({ server, name: 'no-such-prompt' })).rejects.toThrow(/MCP server "everything": getting prompt "no-such-prompt" failed/)
    await expect(service.getResource({ server, uri: 'demo://nope/missing' })).rejects.toThrow(/MCP server "everything": reading resource/)
  })

  it('a server without prompts or resources gives empty lists', async () => {
    const plain = stdioServer(fixture('pid-echo.mjs'))
    expect(await service.listPrompts(plain)).toEqual([])
    expect(await service.listResources(plain)).toEqual([])
  })
})

describe('server logs', () => {
  it('getServerLogs returns a copy; entries are pushed to the renderer in batches', async () => {
    const logs = service.getServerLogs(server)
    expect(logs.some((e) => e.level === 'stderr')).toBe(true)
    logs.length = 0
    expect(service.getServerLogs(server).length).toBeGreaterThan(0)
    const { waitFor } = await import('./helpers')
    await waitFor(() => events.some((e) => e.event === 'mcp:server-log' && e.payload.serverId === 'ops'), 5000, 'a log batch')
    const batch = events.find((e) => e.event === 'mcp:server-log')!.payload
    expect(Array.isArray(batch.entries)).toBe(true)
  })
})
