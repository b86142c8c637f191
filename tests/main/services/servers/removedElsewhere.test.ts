import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHost, type Host } from '../../../../src/main/createHost'
import { createNodePlatform } from '../../../../src/main/platform/nodePlatform'
import { removeServer } from '../../../../src/main/services/servers/removeServer'
import { fixture, isAlive } from '../helpers'
import { openRegistry } from './helpers'

let host: Host | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

describe('a server removed by the CLI while the app runs', () => {
  it("is stopped by the app: its process ends and the app forgets it, as when a window removes it", async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-removed-'))
    host = await createHost({ platform: createNodePlatform({ userDataDir }), mode: 'browser', windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) } })
    const [added] = await host.registry.add([{ id: 'echo', name: 'echo', type: 'stdio', command: process.execPath, args: [fixture('pid-echo.mjs')] }], { approve: true })
    const [server] = host.registry.snapshot().servers
    await host.mcp.initClient(server)
    const pid = host.mcp.pidOf(server)!
    expect(isAlive(pid)).toBe(true)

    // the CLI: its own registry on the same folder, removing the server the way `remove` does
    const cli = await openRegistry(userDataDir)
    await removeServer({ registry: cli, userDataDir }, added.id)

    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 15_000 })
    expect(host.registry.snapshot().servers).toEqual([])
    expect(host.mcp.pidOf(server)).toBeUndefined()
  })
})
