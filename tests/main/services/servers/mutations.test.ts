import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServersSnapshot } from '@shared/mcp/registry'
import { names, openRegistry, readServersFile, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(removeTempDirs)

describe('add', () => {
  it('refuses a name or id already present, adding nothing of that call', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('alpha')])
    const before = readFileSync(serversFile(dir), 'utf8')

    await expect(registry.add([stdio('beta'), stdio('alpha', { id: 'other' })])).rejects.toThrow('a server named "alpha" already exists')
    await expect(registry.add([stdio('gamma'), stdio('gamma', { id: 'g2' })])).rejects.toThrow('a server named "gamma" already exists')
    await expect(registry.add([stdio('delta', { id: 'id-alpha' })])).rejects.toThrow(/a server named "alpha" already exists/)
    expect(names(registry)).toEqual(['alpha'])
    expect(readFileSync(serversFile(dir), 'utf8')).toBe(before)
  })

  it('refuses a name a broken entry has', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [{ id: 'b', name: 'taken', timeout: -1 }], approvals: {} })
    const registry = await openRegistry(dir)
    await expect(registry.add([stdio('taken')])).rejects.toThrow('a server named "taken" already exists')
  })

  it('validates every server first and names the server and the field', async () => {
    const registry = await openRegistry(tempDir())
    await expect(registry.add([stdio('fine'), stdio('wrong', { timeout: -5 })])).rejects.toThrow(/server "wrong": timeout: /)
    expect(names(registry)).toEqual([])
    const added = await registry.add([stdio('fine')])
    expect(added).toEqual([{ ...stdio('fine'), isActive: false }])
  })
})

describe('update', () => {
  it('changes what is given, removes keys set to undefined, keeps the id', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('alpha', { ui: { description: 'old' }, cwd: '/srv' })])
    const updated = await registry.update('id-alpha', { ui: { description: 'new' }, cwd: undefined, id: 'hijack' } as never)
    expect(updated.id).toBe('id-alpha')
    expect(updated.ui?.description).toBe('new')
    expect(updated).not.toHaveProperty('cwd')
    expect(readServersFile(dir).servers[0]).not.toHaveProperty('cwd')
    expect(registry.get('hijack')).toBeUndefined()
  })

  it('a validation error changes nothing, in memory or on disk', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('alpha'), stdio('beta')])
    const before = readFileSync(serversFile(dir), 'utf8')
    await expect(registry.update('id-alpha', { timeout: -1, ui: { description: 'x' } })).rejects.toThrow(/server "alpha": timeout: /)
    await expect(registry.update('id-alpha', { name: '' })).rejects.toThrow(/name: /)
    await expect(registry.update('id-alpha', { name: 'beta' })).rejects.toThrow('a server named "beta" already exists')
    await expect(registry.update('nope', { ui: { description: 'x' } })).rejects.toThrow('no server with id "nope"')
    expect(registry.get('id-alpha')).toEqual({ ...stdio('alpha'), isActive: false })
    expect(readFileSync(serversFile(dir), 'utf8')).toBe(before)
  })
})

describe('onChanged', () => {
  it('hears every successful mutation with the new snapshot, and no failed one', async () => {
    const registry = await openRegistry(tempDir())
    const heard: ServersSnapshot[] = []
    const stop = registry.onChanged((snapshot) => heard.push(snapshot))

    await registry.add([stdio('alpha'), stdio('beta')])
    await registry.update('id-alpha', { ui: { description: 'd' } })
    await registry.approve('id-beta')
    await registry.reorder(['id-beta', 'id-alpha'])
    await expect(registry.add([stdio('alpha')])).rejects.toThrow()
    await expect(registry.update('id-alpha', { timeout: 0 })).rejects.toThrow()
    await expect(registry.reorder(['id-alpha'])).rejects.toThrow()
    await expect(registry.approve('nope')).rejects.toThrow()
    expect(await registry.remove('nope')).toBe(false)
    expect(heard).toHaveLength(4)
    expect(heard[0].servers.map((s) => s.name)).toEqual(['alpha', 'beta'])
    expect(heard[2].approved).toEqual({ 'id-alpha': false, 'id-beta': true })
    expect(heard[3].servers.map((s) => s.name)).toEqual(['beta', 'alpha'])

    await registry.remove('id-alpha')
    expect(heard).toHaveLength(5)
    stop()
    await registry.remove('id-beta')
    expect(heard).toHaveLength(5)
  })
})

describe('reorder', () => {
  it('takes exactly the current ids; broken entries stay after the servers', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [stdio('a'), { id: 'bad' }, stdio('b'), stdio('c')], approvals: {} })
    const registry = await openRegistry(dir)
    await expect(registry.reorder(['id-c', 'id-a'])).rejects.toThrow(/reorder/)
    await expect(registry.reorder(['id-c', 'id-a', 'id-a'])).rejects.toThrow(/reorder/)
    await expect(registry.reorder(['id-c', 'id-a', 'bad'])).rejects.toThrow(/reorder/)
    await registry.reorder(['id-c', 'id-a', 'id-b'])
    expect(names(registry)).toEqual(['c', 'a', 'b'])
    expect(readServersFile(dir).servers.map((s) => s.id)).toEqual(['id-c', 'id-a', 'id-b', 'bad'])
    expect(names(await openRegistry(dir))).toEqual(['c', 'a', 'b'])
  })
})

describe('snapshot and get', () => {
  it('hand out copies', async () => {
    const registry = await openRegistry(tempDir())
    await registry.add([stdio('alpha', { env: { K: 'v' } })])
    const snapshot = registry.snapshot()
    snapshot.servers[0].name = 'changed'
    anyKindFields(snapshot.servers[0]).env!.K = 'changed'
    snapshot.servers.push({ ...snapshot.servers[0], id: 'x' })
    snapshot.approved['id-alpha'] = true
    anyKindFields(registry.get('id-alpha')!).args!.push('--evil')
    expect(registry.snapshot().servers).toEqual([{ ...stdio('alpha', { env: { K: 'v' } }), isActive: false }])
    expect(registry.isApproved('id-alpha')).toBe(false)
  })
})

describe('writes', () => {
  it('land in call order; flush waits for them', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add([stdio('alpha')])
    const pending = Array.from({ length: 20 }, (_, i) => registry.update('id-alpha', { ui: { description: `v${i}` } }))
    await registry.flush()
    expect(readServersFile(dir).servers[0].ui).toEqual({ description: 'v19' })
    expect((await Promise.all(pending)).map((s) => s.ui?.description)).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`))
  })
})
