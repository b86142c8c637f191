import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DiscoveryError } from '../../../../src/main/services/discovery/discoveryError'
import { McpRegistryClient } from '../../../../src/main/services/discovery/McpRegistryClient'
import { addFromRegistry } from '../../../../src/main/services/discovery/addFromRegistry'
import { searchAll, searchPage } from '../../../../src/main/services/discovery/searchRegistry'
import { ServerRegistry } from '../../../../src/main/services/servers/ServerRegistry'
import { startStandInRegistry, type StandInRegistry } from '../../../fixtures/discovery/standInRegistry'
import { tempDir } from '../helpers'

let registry: StandInRegistry
beforeEach(async () => {
  registry = await startStandInRegistry()
})
afterEach(async () => {
  await registry.close()
})

async function failure(promise: Promise<unknown>): Promise<DiscoveryError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(DiscoveryError)
  return error as DiscoveryError
}

describe('the MCP Registry client', () => {
  it('pages over the cursors; the deleted entry is hidden and the hostile ones are listed as refused', async () => {
    const client = new McpRegistryClient({ fetch })
    // the registry's first page holds four, the deleted one among them
    const first = await searchPage(client, registry.url, { search: 'time' })
    expect(first.items.map((i) => i.name)).toEqual(['io.github.example/time', 'io.github.example/time-tool-1', 'io.github.example/time-tool-2'])
    expect(first.nextCursor).toBeTruthy()
    const all = await searchAll(client, registry.url, 'time', 100)
    expect(all.items).toHaveLength(10)
    expect(all.items.map((i) => i.name)).not.toContain('io.github.example/time-deleted')
    expect(all.nextCursor).toBeUndefined()
    // three pages, each asked once
    expect(registry.requests.filter((r) => r.includes('limit=')).map((r) => new URL(r, 'http://x').searchParams.has('cursor'))).toEqual([false, true, true])

    const evil = await searchAll(client, registry.url, 'evil', 100)
    expect(evil.items.map((i) => (i.ok ? 'ok' : i.problem))).toEqual([
      expect.stringMatching(/^packages\[0\]\.identifier .* is not a npm package name/),
      'remotes[0].url must be an http(s) URL, not javascript:',
      expect.stringMatching(/^name contains a bidirectional-text control character/)
    ])
  })

  it('stops at the limit, keeping the cursor of what is left', async () => {
    const result = await searchAll(new McpRegistryClient({ fetch }), registry.url, 'time', 6)
    expect(result.items).toHaveLength(6)
    expect(result.nextCursor).toBeTruthy()
  })

  it('keeps an answer briefly: the same search again does not ask the registry', async () => {
    const client = new McpRegistryClient({ fetch })
    await client.search(registry.url, { search: 'weather' })
    await client.search(registry.url, { search: 'weather' })
    expect(registry.requests).toEqual(['/v0.1/servers?search=weather'])
    await client.search(registry.url, { search: 'notes' })
    expect(registry.requests).toHaveLength(2)
  })

  it('reads a registry that only has /v0', async () => {
    const old = await startStandInRegistry({ apiVersion: 'v0' })
    try {
      const client = new McpRegistryClient({ fetch })
      expect((await client.search(old.url, { search: 'weather' })).entries).toHaveLength(1)
      expect((await client.entry(old.url, 'io.github.example/time')).server.version).toBe('2025.1.0')
    } finally {
      await old.close()
    }
  })

  it('says when the registry cannot be reached, answers an error, or has no such server', async () => {
    const client = new McpRegistryClient({ fetch })
    const url = registry.url
    await registry.close()
    const offline = await failure(client.search(url, { search: 'time' }))
    expect(offline.code).toBe('MCP_REGISTRY_UNREACHABLE')
    expect(offline.message).toBe(`could not reach ${url}: you may be offline, or the address is wrong`)
    registry = await startStandInRegistry()
    const missing = await failure(client.entry(registry.url, 'io.github.example/nothing-here'))
    expect(missing).toMatchObject({ code: 'MCP_REGISTRY_NOT_FOUND', message: `${registry.url} has no server named "io.github.example/nothing-here"` })
    const gone = await failure(client.entry(registry.url, 'io.github.example/time-deleted'))
    expect(gone.code).toBe('MCP_REGISTRY_NOT_FOUND')
    const bad = await failure(client.search(`${registry.url}/cursor-trouble`, { cursor: 'not-a-number' }))
    expect(bad.code).toBe('MCP_REGISTRY_FAILED')
  })
})

describe('adding an entry to the server list', () => {
  it('adds it switched on and waiting for approval, its secret sealed with the other env values', async () => {
    const userDataDir = tempDir('mcp-discovery-')
    const servers = new ServerRegistry({ userDataDir, encrypt: (plain) => `sealed:${Buffer.from(plain).toString('base64')}`, decrypt: (c) => Buffer.from(c.slice(7), 'base64').toString() })
    await servers.load()
    const client = new McpRegistryClient({ fetch })
    const { server: added } = await addFromRegistry({ client, registry: servers }, { registryUrl: registry.url, name: 'io.github.example/weather', values: { WEATHER_API_KEY: 'sk-weather-secret-1' }, approve: false })
    expect(added).toMatchObject({ isActive: true, installSource: 'registry', command: 'npx' })
    expect(servers.isApproved(added.id)).toBe(false)
    await servers.flush()
    const file = await readFile(join(userDataDir, 'mcp', 'servers.json'), 'utf8')
    expect(file).not.toContain('sk-weather-secret-1')

    const missing = await failure(addFromRegistry({ client, registry: servers }, { registryUrl: registry.url, name: 'com.example/notes', values: {}, approve: true }))
    expect(missing).toMatchObject({ code: 'MISSING_INPUT', keys: ['token'] })
    const hostile = await failure(addFromRegistry({ client, registry: servers }, { registryUrl: registry.url, name: 'io.github.evil/shell', values: {}, approve: true }))
    expect(hostile.code).toBe('BAD_REGISTRY_ENTRY')
    expect(servers.snapshot().servers.map((s) => s.name)).toEqual(['io.github.example/weather'])
  })
})
