import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NOW, names, openRegistry, readServersFile, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(removeTempDirs)

/** servers.json holding two good servers, as the app writes it. */
async function goodFile(dir: string): Promise<Buffer> {
  const registry = await openRegistry(dir)
  await registry.add([stdio('alpha'), stdio('beta')])
  return readFileSync(serversFile(dir))
}

const wholeFileDamage: Record<string, (dir: string) => Promise<void> | void> = {
  'truncated JSON': async (dir) => {
    const good = await goodFile(dir)
    writeFileSync(serversFile(dir), good.subarray(0, good.length - 25))
  },
  'garbage bytes': (dir) => writeServersFile(dir, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22, 0x80, 0x13, 0x37, 0x0a])),
  'version 99 (newer app)': (dir) => writeServersFile(dir, { version: 99, servers: [stdio('alpha')], approvals: {} }),
  'version "x"': (dir) => writeServersFile(dir, { version: 'x', servers: [stdio('alpha')], approvals: {} }),
  'no version': (dir) => writeServersFile(dir, { servers: [stdio('alpha')] }),
  'servers not a list': (dir) => writeServersFile(dir, { version: 1, servers: { alpha: stdio('alpha') }, approvals: {} }),
  'not an object': (dir) => writeServersFile(dir, '[1, 2, 3]')
}

describe('a servers.json that cannot be read at all', () => {
  it.each(Object.keys(wholeFileDamage))('%s: starts empty, keeps the file byte for byte, and later writes start a fresh file', async (kind) => {
    const dir = tempDir()
    await wholeFileDamage[kind](dir)
    const damaged = readFileSync(serversFile(dir))

    const registry = await openRegistry(dir)
    const { notice, servers, broken } = registry.snapshot()
    expect(notice).toMatchObject({ code: 'REGISTRY_DAMAGED', keptAs: `${serversFile(dir)}.corrupt-${NOW}` })
    expect(notice!.detail.length).toBeGreaterThan(5)
    expect(servers).toEqual([])
    expect(broken).toEqual([])
    expect(readFileSync(notice!.keptAs).equals(damaged)).toBe(true)
    expect(existsSync(serversFile(dir))).toBe(false)

    await registry.add([stdio('gamma')])
    expect(readFileSync(notice!.keptAs).equals(damaged)).toBe(true)
    expect(readServersFile(dir).servers.map((s) => s.name)).toEqual(['gamma'])
    const again = await openRegistry(dir)
    expect(names(again)).toEqual(['gamma'])
    expect(again.snapshot().notice).toBeUndefined()
  })

  it('says why in English', async () => {
    const dir = tempDir()
    await wholeFileDamage['version 99 (newer app)'](dir)
    expect((await openRegistry(dir)).snapshot().notice?.detail).toMatch(/newer/)
    const other = tempDir()
    await wholeFileDamage['truncated JSON'](other)
    expect((await openRegistry(other)).snapshot().notice?.detail).toMatch(/JSON/)
  })

  it('never overwrites an earlier kept copy, even with the same clock', async () => {
    const dir = tempDir()
    writeServersFile(dir, 'first damage')
    const first = (await openRegistry(dir)).snapshot().notice!.keptAs
    writeServersFile(dir, 'second damage')
    const second = (await openRegistry(dir)).snapshot().notice!.keptAs
    expect(second).not.toBe(first)
    expect(readFileSync(first, 'utf8')).toBe('first damage')
    expect(readFileSync(second, 'utf8')).toBe('second damage')
  })

  it('removes temp files a crashed writer left behind, and nothing else', async () => {
    const dir = tempDir()
    await goodFile(dir)
    // pid 2^22+1 is above Linux's pid_max, so no live process has it
    const stale = `${serversFile(dir)}.${2 ** 22 + 1}.7.tmp`
    writeFileSync(stale, '{"version": 1, "serv')
    writeFileSync(join(dir, 'mcp', 'notes.txt'), 'mine')
    const registry = await openRegistry(dir)
    expect(names(registry)).toEqual(['alpha', 'beta'])
    expect(readdirSync(join(dir, 'mcp')).sort()).toEqual(['notes.txt', 'servers.json'])
  })
})

describe('one bad entry among good ones', () => {
  const fileWithBadEntry = (dir: string) =>
    writeServersFile(dir, {
      version: 1,
      servers: [
        stdio('alpha'),
        { id: 'bad', type: 'stdio', command: 'node', env: { API_KEY: 'sk-secret' } },
        { name: 'no id', timeout: 'soon' },
        stdio('beta')
      ],
      approvals: {}
    })

  it('loads the good ones and lists the bad ones as broken, secrets redacted', async () => {
    const dir = tempDir()
    fileWithBadEntry(dir)
    const registry = await openRegistry(dir)
    const snapshot = registry.snapshot()
    expect(snapshot.notice).toBeUndefined()
    expect(snapshot.servers.map((s) => s.name)).toEqual(['alpha', 'beta'])
    expect(anyKindFields(registry.get('id-beta')!).command).toBe('node')
    expect(snapshot.broken).toHaveLength(2)
    const [bad, noId] = snapshot.broken
    expect(bad).toMatchObject({ id: 'bad', raw: { id: 'bad', env: { API_KEY: '<redacted>' } } })
    expect(bad.name).toBeUndefined()
    expect(bad.message).toMatch(/^name: /)
    expect(noId).toMatchObject({ id: 'broken-2', name: 'no id' })
    expect(noId.message).toMatch(/id: .*; .*timeout: /)
  })

  it('keeps the bad entries in the file through other changes', async () => {
    const dir = tempDir()
    fileWithBadEntry(dir)
    const registry = await openRegistry(dir)
    await registry.add([stdio('gamma')])
    await registry.update('id-alpha', { ui: { description: 'changed' } })

    const reloaded = await openRegistry(dir)
    expect(names(reloaded)).toEqual(['alpha', 'beta', 'gamma'])
    expect(reloaded.snapshot().broken.map((b) => b.id)).toEqual(['bad', 'broken-2'])
    // stored as it was, secret included, so repairing it loses nothing
    expect(readServersFile(dir).servers[1]).toEqual({ id: 'bad', type: 'stdio', command: 'node', env: { API_KEY: 'sk-secret' } })
  })

  it('remove(brokenId) deletes a broken entry for good', async () => {
    const dir = tempDir()
    fileWithBadEntry(dir)
    const registry = await openRegistry(dir)
    expect(await registry.remove('bad')).toBe(true)
    expect(registry.snapshot().broken.map((b) => b.id)).toEqual(['broken-2'])
    const reloaded = await openRegistry(dir)
    expect(reloaded.snapshot().broken.map((b) => b.name)).toEqual(['no id'])
    expect(names(reloaded)).toEqual(['alpha', 'beta'])
  })

  it('repair(brokenId, entry) turns it into a server with that id, not approved', async () => {
    const dir = tempDir()
    fileWithBadEntry(dir)
    const registry = await openRegistry(dir)
    await expect(registry.repair('bad', { name: 'fixed', type: 'stdio', command: 7 })).rejects.toThrow(/command/)
    await expect(registry.repair('bad', { name: 'alpha', type: 'stdio', command: 'node' })).rejects.toThrow(/a server named "alpha" already exists/)
    await expect(registry.repair('id-alpha', { name: 'x' })).rejects.toThrow(/no broken server/)
    expect(registry.snapshot().broken).toHaveLength(2)

    const fixed = await registry.repair('bad', { id: 'ignored', name: 'fixed', type: 'stdio', command: 'node', env: { API_KEY: 'sk-new' } })
    expect(fixed).toMatchObject({ id: 'bad', name: 'fixed', env: { API_KEY: 'sk-new' } })
    expect(registry.isApproved('bad')).toBe(false)
    expect(registry.snapshot().broken.map((b) => b.id)).toEqual(['broken-2'])

    const reloaded = await openRegistry(dir)
    expect(names(reloaded)).toEqual(['alpha', 'fixed', 'beta'])
    expect(reloaded.snapshot().approved.bad).toBe(false)
  })
})

describe('no file at all', () => {
  it('starts empty and writes nothing until something changes', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    expect(registry.snapshot()).toEqual({ servers: [], approved: {}, broken: [] })
    expect(existsSync(join(dir, 'mcp'))).toBe(false)
    await registry.add([stdio('alpha')])
    expect(readServersFile(dir)).toMatchObject({ version: 2, servers: [{ id: 'id-alpha', name: 'alpha' }], approvals: {} })
  })
})
