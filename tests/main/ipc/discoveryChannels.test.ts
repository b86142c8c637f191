import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { startStandInRegistry, type StandInRegistry } from '../../fixtures/discovery/standInRegistry'
import { tempDir } from '../services/helpers'

// the Browse the MCP Registry page's channels as a window calls them
let registry: StandInRegistry
beforeAll(async () => {
  registry = await startStandInRegistry()
})
afterAll(() => registry.close())

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

async function host() {
  const platform = createNodePlatform({ userDataDir: tempDir('mcp-discovery-ipc-') })
  const made = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } })
  hosts.push(made)
  return { host: made, invoke: (channel: Parameters<Host['router']['invoke']>[0], args?: unknown) => made.router.invoke(channel, args, { via: 'direct' }) }
}

describe('discovery channels', () => {
  it('saves a registry, pages a search over its cursor, reviews and adds a server that then waits for approval', async () => {
    const { host: app, invoke } = await host()
    expect(await invoke('discovery:set-registries', { urls: [`${registry.url}/`] })).toMatchObject({ ok: true, result: expect.arrayContaining([{ url: registry.url, fromEnvironment: false }]) })
    const first = await invoke('discovery:search', { registryUrl: registry.url, search: 'time', limit: 4 })
    expect(first).toMatchObject({ ok: true, result: { items: expect.any(Array), nextCursor: expect.any(String) } })
    const cursor = (first as { result: { nextCursor: string } }).result.nextCursor
    const second = await invoke('discovery:search', { registryUrl: registry.url, search: 'time', limit: 4, cursor })
    expect((second as { result: { items: { name: string }[] } }).result.items.map((i) => i.name)).toEqual([
      'io.github.example/time-tool-3',
      'io.github.example/time-tool-4',
      'io.github.example/time-tool-5',
      'io.github.example/time-tool-6'
    ])

    const review = await invoke('discovery:get', { registryUrl: registry.url, name: 'io.github.example/time' })
    expect(review).toMatchObject({ ok: true, result: { ok: true, plan: { runs: 'uvx', target: 'uvx mcp-server-time==2025.1.0 --local-timezone <local-timezone>' } } })

    const missing = await invoke('discovery:add', { registryUrl: registry.url, name: 'io.github.example/weather', values: {} })
    expect(missing).toMatchObject({ ok: false, error: { code: 'MISSING_INPUT', message: 'nothing was added: io.github.example/weather needs a value for "WEATHER_API_KEY"' } })
    const added = await invoke('discovery:add', { registryUrl: registry.url, name: 'io.github.example/weather', values: { WEATHER_API_KEY: 'sk-page-weather-77' } })
    expect(added).toMatchObject({ ok: true, result: { name: 'io.github.example/weather', isActive: true, installSource: 'registry' } })
    const id = (added as { result: { id: string } }).result.id
    expect(app.registry.isApproved(id)).toBe(false)
  })

  it('an address that is not http(s) is refused when saved', async () => {
    const { invoke } = await host()
    expect(await invoke('discovery:set-registries', { urls: ['file:///etc'] })).toMatchObject({ ok: false, error: { code: 'MCP_REGISTRY_UNSET', message: "the registry's address must be http(s), not file:" } })
  })
})
