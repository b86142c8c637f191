import { afterEach, describe, expect, it, vi } from 'vitest'
import { CACHE_TTL_MS, ServerCaches } from '../../../src/main/services/mcp/caches'
import { labServer } from './callHelpers'
import { closeAllServices, makeService, waitFor } from './helpers'

afterEach(async () => {
  vi.useRealTimers()
  await closeAllServices()
})

describe('list caches', () => {
  it('serves a second listTools from the cache: the server sees one tools/list (the one listed once after connect)', async () => {
    const { service } = makeService()
    const { server, received } = labServer()
    const first = await service.listTools(server)
    const second = await service.listTools(server)
    expect(second.map((t) => t.name)).toEqual(first.map((t) => t.name))
    expect(first.length).toBeGreaterThan(3)
    expect(received('request tools/list')).toBe(1)
  })

  it('caches prompts, one prompt per arguments, resources and templates', async () => {
    const { service } = makeService()
    const { server, received } = labServer()
    for (let i = 0; i < 2; i++) {
      expect((await service.listPrompts(server)).map((p) => p.name)).toContain('greet')
      expect((await service.listResources(server)).map((r) => r.uri)).toContain('lab://note')
      expect((await service.listResourceTemplates(server)).map((t) => t.uriTemplate)).toEqual(['lab://items/{id}'])
      const prompt = await service.getPrompt({ server, name: 'greet', args: { name: 'Ada' } })
      expect(prompt.messages[0].content).toMatchObject({ text: 'Hello, Ada!' })
    }
    const other = await service.getPrompt({ server, name: 'greet', args: { name: 'Lin' } })
    expect(other.messages[0].content).toMatchObject({ text: 'Hello, Lin!' })
    expect(received('request prompts/list')).toBe(1)
    expect(received('request resources/list')).toBe(1)
    expect(received('request resources/templates/list')).toBe(1)
    expect(received('request prompts/get')).toBe(2)
  })

  it('tools/list_changed drops the tools cache and tells the renderer', async () => {
    const { service, events } = makeService()
    const { server, received } = labServer()
    await service.listTools(server)
    await service.callTool({ server, name: 'add-tool', args: {} })
    await waitFor(() => events.some((e) => e.event === 'mcp:list-changed' && e.payload.list === 'tools'), 10_000, 'list-changed event')
    expect(events.find((e) => e.event === 'mcp:list-changed')?.payload).toEqual({ serverId: server.id, list: 'tools' })
    expect((await service.listTools(server)).map((t) => t.name)).toContain('extra-1')
    expect(received('request tools/list')).toBe(2)
  })

  it('prompts and resources list_changed drop their caches too', async () => {
    const { service, events } = makeService()
    const { server } = labServer()
    await service.listPrompts(server)
    await service.listResources(server)
    await service.callTool({ server, name: 'add-prompt', args: {} })
    await service.callTool({ server, name: 'add-resource', args: {} })
    await waitFor(() => events.filter((e) => e.event === 'mcp:list-changed').length >= 2, 10_000, 'list-changed events')
    expect(events.filter((e) => e.event === 'mcp:list-changed').map((e) => e.payload.list).sort()).toEqual(['prompts', 'resources'])
    expect((await service.listPrompts(server)).map((p) => p.name)).toContain('prompt-1')
    expect((await service.listResources(server)).map((r) => r.uri)).toContain('lab://res-2')
  })

  it('expires tools after 5 minutes (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { service } = makeService()
    const { server, received } = labServer()
    await service.listTools(server)
    vi.setSystemTime(Date.now() + CACHE_TTL_MS.tools - 1000)
    await service.listTools(server)
    expect(received('request tools/list')).toBe(1)
    vi.setSystemTime(Date.now() + 2000)
    await service.listTools(server)
    expect(received('request tools/list')).toBe(2)
  })

  it('drops everything on a reconnect, and the connectivity check always asks the server', async () => {
    const { service } = makeService()
    const { server, received } = labServer()
    await service.listTools(server)
    await service.restartServer(server)
    await service.listTools(server)
    await waitFor(() => received('request initialize') === 2, 10_000, 'second initialize')
    expect(received('request tools/list')).toBe(2)
    expect(await service.checkMcpConnectivity(server)).toEqual({ ok: true })
    expect(received('request tools/list')).toBe(3)
  })
})

describe('ServerCaches', () => {
  it('an empty list is a cached value, not a miss; concurrent misses share one load', async () => {
    const caches = new ServerCaches()
    const load = vi.fn(async () => [])
    const [a, b] = await Promise.all([caches.get('tools', 'k', [], load), caches.get('tools', 'k', [], load)])
    expect(a).toEqual([])
    expect(b).toEqual([])
    await caches.get('tools', 'k', [], load)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('an answer that was in flight when the cache was dropped is not stored', async () => {
    const caches = new ServerCaches()
    let release!: (value: string[]) => void
    const stale = caches.get('tools', 'k', [], () => new Promise<string[]>((r) => (release = r)))
    caches.drop('k', ['tools'])
    release(['old'])
    expect(await stale).toEqual(['old'])
    expect(caches.has('tools', 'k')).toBe(false)
    expect(await caches.get('tools', 'k', [], async () => ['new'])).toEqual(['new'])
  })

  it('a failed load is reported to the caller and not cached', async () => {
    const caches = new ServerCaches()
    await expect(caches.get('prompts', 'k', [], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await caches.get('prompts', 'k', [], async () => ['p'])).toEqual(['p'])
  })

  it('dropping one server leaves the others cached', async () => {
    const caches = new ServerCaches()
    await caches.get('tools', 'a', [], async () => ['a'])
    await caches.get('tools', 'b', [], async () => ['b'])
    caches.drop('a')
    expect(caches.has('tools', 'a')).toBe(false)
    expect(caches.has('tools', 'b')).toBe(true)
  })
})
