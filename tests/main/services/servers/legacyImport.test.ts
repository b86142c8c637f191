import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { approvalTarget } from '@shared/mcp/launchSpec'
import { names, openRegistry, readServersFile, removeTempDirs, serversFile, tempDir } from './helpers'

afterEach(removeTempDirs)

const persistFile = (dir: string) => join(dir, 'storage', 'persist_root.json')

/** Exactly what redux-persist hands FileStorage: an object whose values are JSON strings. */
function writePersistRoot(dir: string, mcp: unknown, raw?: string): string {
  const text =
    raw ??
    JSON.stringify({
      mcp: JSON.stringify(mcp),
      settings: JSON.stringify({ language: 'en-US', theme: 'system' }),
      _persist: JSON.stringify({ version: 2, rehydrated: true })
    })
  mkdirSync(join(dir, 'storage'), { recursive: true })
  writeFileSync(persistFile(dir), text)
  return text
}

const todaysServers = [
  { id: 'manual', name: 'Manual', type: 'stdio', command: 'node', args: ['m.js'], env: { API_KEY: 'sk-1' }, installSource: 'manual', isActive: true },
  { id: 'imp-ok', name: 'Imported, approved', type: 'stdio', command: 'npx', args: ['-y', 'pkg'], cwd: '/srv/a', installSource: 'import', isActive: false },
  { id: 'imp-new', name: 'Imported, never approved', type: 'stdio', command: 'uvx', args: ['tool'], installSource: 'deeplink', isActive: false },
  { id: 'imp-old', name: 'Imported, approved before a change', type: 'stdio', command: 'npx', args: ['-y', 'pkg@2'], installSource: 'import', isActive: false },
  { id: 'remote', name: 'Remote', type: 'streamableHttp', baseUrl: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer t' }, isActive: false },
  { id: 'v0', name: 'Loose v0', type: 'http', url: 'https://old.example.test/mcp' }
]

const approvedTargets = {
  'imp-ok': 'npx -y pkg\n(cwd: /srv/a)',
  'imp-old': 'npx -y pkg@1'
}

describe('upgrade from the persist_root.json of the previous app', () => {
  it('keeps every server in order with the approvals the old app had, and leaves the old file alone', async () => {
    const dir = tempDir()
    const blob = writePersistRoot(dir, { servers: todaysServers, approvedTargets })
    const registry = await openRegistry(dir)
    const snapshot = registry.snapshot()

    expect(snapshot.notice).toBeUndefined()
    expect(snapshot.broken).toEqual([])
    expect(snapshot.servers.map((s) => s.id)).toEqual(['manual', 'imp-ok', 'imp-new', 'imp-old', 'remote', 'v0'])
    expect(snapshot.approved).toEqual({ manual: true, 'imp-ok': true, 'imp-new': false, 'imp-old': false, remote: true, v0: true })
    expect(registry.get('manual')).toMatchObject({ env: { API_KEY: 'sk-1' }, isActive: true })
    expect(registry.get('remote')).toMatchObject({ headers: { Authorization: 'Bearer t' } })
    expect(registry.get('v0')).toMatchObject({ type: 'streamableHttp', baseUrl: 'https://old.example.test/mcp', isActive: false })
    expect(registry.get('v0')).not.toHaveProperty('url')

    // approvals are stored in the new format
    const saved = readServersFile(dir)
    expect(saved.servers.map((s) => s.id)).toEqual(['manual', 'imp-ok', 'imp-new', 'imp-old', 'remote', 'v0'])
    expect(saved.approvals['imp-ok']).toBe(approvalTarget(registry.get('imp-ok')!))
    expect(saved.approvals['imp-ok']).toBe('npx -y pkg\ncwd: /srv/a')
    expect(saved.approvals).not.toHaveProperty('imp-new')
    expect(saved.approvals).not.toHaveProperty('imp-old')
    expect(readFileSync(persistFile(dir), 'utf8')).toBe(blob)
  })

  it('imports only once: a server removed afterwards stays removed', async () => {
    const dir = tempDir()
    const blob = writePersistRoot(dir, { servers: todaysServers, approvedTargets })
    const first = await openRegistry(dir)
    expect(await first.remove('remote')).toBe(true)
    const second = await openRegistry(dir)
    expect(second.snapshot().servers.map((s) => s.id)).toEqual(['manual', 'imp-ok', 'imp-new', 'imp-old', 'v0'])
    expect(readFileSync(persistFile(dir), 'utf8')).toBe(blob)
  })

  it('an older blob without approvedTargets: what the user typed is approved, imports ask', async () => {
    const dir = tempDir()
    writePersistRoot(dir, { servers: todaysServers.slice(0, 3) })
    expect((await openRegistry(dir)).snapshot().approved).toEqual({ manual: true, 'imp-ok': false, 'imp-new': false })
  })

  it('keeps an old server that does not validate as a broken entry', async () => {
    const dir = tempDir()
    writePersistRoot(dir, { servers: [todaysServers[0], { id: 'odd', type: 'websocket', url: 'ws://x', headers: { 'X-Key': 'hush' } }], approvedTargets })
    const registry = await openRegistry(dir)
    expect(names(registry)).toEqual(['Manual'])
    const [broken] = registry.snapshot().broken
    expect(broken).toMatchObject({ id: 'odd', raw: { headers: { 'X-Key': '<redacted>' } } })
    expect(broken.message).toMatch(/name: .*; type: /)
    // kept on disk for the user to fix
    expect((await openRegistry(dir)).snapshot().broken.map((b) => b.id)).toEqual(['odd'])
  })

  it('a damaged persist_root.json: nothing imported, a notice, the file stays where it is', async () => {
    const dir = tempDir()
    const blob = writePersistRoot(dir, null, '{"mcp": "{\\"servers\\": [{\\"id\\"')
    const registry = await openRegistry(dir)
    expect(registry.snapshot()).toMatchObject({ servers: [], broken: [], notice: { code: 'REGISTRY_DAMAGED', keptAs: persistFile(dir) } })
    expect(readFileSync(persistFile(dir), 'utf8')).toBe(blob)
    expect(existsSync(serversFile(dir))).toBe(false)
  })

  it('a blob without servers imports nothing and writes nothing', async () => {
    const dir = tempDir()
    writePersistRoot(dir, { servers: [], approvedTargets: {} })
    const registry = await openRegistry(dir)
    expect(registry.snapshot()).toEqual({ servers: [], approved: {}, broken: [] })
    expect(existsSync(serversFile(dir))).toBe(false)
  })
})
