import { afterEach, describe, expect, it } from 'vitest'
import { unwrapResponse } from '@shared/ipc/errors'
import { createHost, type Host } from '../../../../src/main/createHost'
import { createNodePlatform } from '../../../../src/main/platform/nodePlatform'
import { openRegistry, readServersFile, removeTempDirs, stdio, tempDir } from './helpers'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
  removeTempDirs()
})

const many = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => stdio(`${prefix}-${i}`))

describe('a long list (thousands of servers)', () => {
  it('approving an import of 500 servers (the most one call adds) is one change of the list, not 500', async () => {
    const platform = createNodePlatform({ userDataDir: tempDir() })
    const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } })
    hosts.push(host)
    const call = async (channel: 'servers:add' | 'servers:approve', args: object) =>
      unwrapResponse(await host.router.invoke(channel, args as never, { via: 'direct' }))
    const added = many(500, 'imported')
    await call('servers:add', { servers: added })
    const changes: number[] = []
    host.registry.onChanged(() => changes.push(1))

    expect(await call('servers:approve', { serverIds: added.map((s) => s.id!) })).toBe(true)
    // each change rewrites the whole file and sends the whole list to every window
    expect(changes).toHaveLength(1)
    expect(Object.values(host.registry.snapshot().approved).every(Boolean)).toBe(true)
    expect(Object.keys(readServersFile(platform.userDataDir).approvals)).toHaveLength(500)
  })

  it('an import of more than 500 at once is refused with what to do, and nothing is added', async () => {
    const platform = createNodePlatform({ userDataDir: tempDir() })
    const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } })
    hosts.push(host)
    const answer = await host.router.invoke('servers:add', { servers: many(501, 'big') } as never, { via: 'direct' })
    expect(() => unwrapResponse(answer)).toThrow('at most 500 servers at a time: import the file in parts')
    expect(host.registry.snapshot().servers).toHaveLength(0)
  })

  it('a list of 10,000 can be reordered through the IPC edge (the whole order is one argument)', async () => {
    const platform = createNodePlatform({ userDataDir: tempDir() })
    const registry = await openRegistry(platform.userDataDir)
    for (let batch = 0; batch < 20; batch++) await registry.add(many(500, `s${batch}`))
    const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } })
    hosts.push(host)
    const ids = host.registry.snapshot().servers.map((s) => s.id)
    expect(ids).toHaveLength(10_000)
    const moved = [ids[9999], ...ids.slice(0, 9999)]
    unwrapResponse(await host.router.invoke('servers:reorder', { serverIds: moved }, { via: 'direct' }))
    expect(readServersFile(platform.userDataDir).servers[0].name).toBe('s19-499')
  })

  it('an unknown id among them approves none', async () => {
    const registry = await openRegistry(tempDir())
    await registry.add(many(3, 'a'))
    await expect(registry.approveAll(['id-a-0', 'nobody'])).rejects.toThrow('no server with id "nobody"')
    expect(registry.isApproved('id-a-0')).toBe(false)
  })

  it('adds a batch to a long list with names and ids still unique across both', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add(many(5000, 'old'))
    await registry.add(many(5000, 'new'))
    expect(registry.snapshot().servers).toHaveLength(10_000)
    // a name taken in the list, a name taken earlier in the same batch, an id taken in the list
    await expect(registry.add([stdio('fresh'), { ...stdio('old-4999'), id: 'other' }])).rejects.toThrow('a server named "old-4999" already exists')
    await expect(registry.add([stdio('twin'), { ...stdio('twin'), id: 'id-twin-2' }])).rejects.toThrow('a server named "twin" already exists')
    await expect(registry.add([{ ...stdio('renamed'), id: 'id-new-0' }])).rejects.toThrow('a server named "new-0" already exists (id "id-new-0")')
    expect(readServersFile(dir).servers).toHaveLength(10_000)
  })
})
