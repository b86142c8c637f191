import { chmodSync, statSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { openRegistry, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'

afterEach(removeTempDirs)

describe.skipIf(process.platform === 'win32')('a servers.json other users can read', () => {
  it('is made 0600 at load, with a notice naming it; the list is read as it was', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [{ ...stdio('kept'), isActive: false }], approvals: {} })
    chmodSync(serversFile(dir), 0o644)
    const registry = await openRegistry(dir)
    expect(statSync(serversFile(dir)).mode & 0o777).toBe(0o600)
    const { servers, notice } = registry.snapshot()
    expect(servers.map((s) => s.name)).toEqual(['kept'])
    expect(notice).toMatchObject({ code: 'REGISTRY_PERMISSIONS_FIXED', keptAs: serversFile(dir) })
    expect(notice?.detail).toContain('mode 0644')
    // changes go on as usual
    await registry.add([stdio('added')])
    expect(statSync(serversFile(dir)).mode & 0o777).toBe(0o600)
  })

  it('a 0600 file gets no notice', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [], approvals: {} })
    chmodSync(serversFile(dir), 0o600)
    expect((await openRegistry(dir)).snapshot().notice).toBeUndefined()
  })
})
