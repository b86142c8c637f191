import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import { unwrapResponse } from '@shared/ipc/errors'
import type { McpServer } from '@shared/mcp/server'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { fixture, readPids, tempDir, waitFor } from '../services/helpers'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

/** The app's main side (browser mode: the page confirms, main records) with a server that counts its starts. */
async function app(options: { confirm?: (servers: McpServer[]) => Promise<boolean> } = {}) {
  const platform = { ...createNodePlatform({ userDataDir: tempDir('mcp-trust-') }), confirmStart: options.confirm }
  const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 300 } })
  hosts.push(host)
  const call = async <C extends IpcChannelName>(channel: C, args: IpcArgs<C>) =>
    unwrapResponse(await host.router.invoke(channel, args, { via: 'direct' })) as IpcResult<C>
  const pidFile = join(tempDir('mcp-trust-pids-'), 'pids')
  const echo: McpServer = { id: 'echo', name: 'echo', type: 'stdio', command: process.execPath, args: [fixture('pid-echo.mjs')], env: { PID_FILE: pidFile }, isActive: true }
  return { host, call, echo, spawned: () => readPids(pidFile).length }
}

/** Every channel that would start or reach a server. */
const starters = (serverId: string) =>
  [
    ['mcp:init-client', { serverId }],
    ['mcp:list-tools', { serverId }],
    ['mcp:call-tool', { serverId, name: 'echo', args: { message: 'x' } }],
    ['mcp:list-prompts', { serverId }],
    ['mcp:get-prompt', { serverId, name: 'p' }],
    ['mcp:list-resources', { serverId }],
    ['mcp:list-resource-templates', { serverId }],
    ['mcp:get-resource', { serverId, uri: 'x://y' }],
    ['mcp:subscribe-resource', { serverId, uri: 'x://y' }],
    ['mcp:restart-server', { serverId }],
    ['mcp:check-connectivity', { serverId }],
    ['mcp:sign-in', { serverId }]
  ] as const

describe('trust: main runs only what the user approved', () => {
  it('refuses every starting channel for an unknown or unapproved server id, and spawns nothing', async () => {
    const { host, call, echo, spawned } = await app()
    await call('servers:add', { servers: [echo] })
    for (const [channel, args] of [...starters('echo'), ...starters('nobody')]) {
      const response = await host.router.invoke(channel, args, { via: 'direct' })
      expect(response.ok, channel).toBe(false)
      if (response.ok) continue
      expect(response.error.code, `${channel} ${args.serverId}`).toBe(args.serverId === 'echo' ? 'NEEDS_APPROVAL' : 'SERVER_NOT_FOUND')
      expect(response.error.message).not.toMatch(/\n\s+at /)
    }
    expect(spawned()).toBe(0)
    // what runs nothing still answers: its (empty) log, a stop
    expect(await call('mcp:get-server-logs', { serverId: 'echo' })).toEqual([])
    await call('mcp:stop-server', { serverId: 'echo' })
    expect(spawned()).toBe(0)
  })

  it('an approved server starts; changing its args needs a new approval, and the changed command is not run before it', async () => {
    const { call, echo, spawned } = await app()
    await call('servers:add', { servers: [echo] })
    expect(await call('servers:approve', { serverIds: ['echo'] })).toBe(true)
    expect((await call('servers:list', undefined)).approved).toEqual({ echo: true })
    await call('mcp:init-client', { serverId: 'echo' })
    expect(spawned()).toBe(1)

    // a description is not what runs: still approved, and nothing the change did not name moves
    const described = await call('servers:update', { serverId: 'echo', changes: { ui: { description: 'says things back' } } })
    expect(described).toEqual({ ...echo, ui: { description: 'says things back' } })
    expect((await call('servers:list', undefined)).approved).toEqual({ echo: true })

    await call('servers:update', { serverId: 'echo', changes: { args: [fixture('pid-echo.mjs'), '--verbose'] } })
    expect((await call('servers:list', undefined)).approved).toEqual({ echo: false })
    await expect(call('mcp:restart-server', { serverId: 'echo' })).rejects.toMatchObject({ code: 'NEEDS_APPROVAL' })
    expect(spawned()).toBe(1)

    // approved, the switched-on server is started by main itself, with the new command
    expect(await call('servers:approve', { serverIds: ['echo'] })).toBe(true)
    await waitFor(() => spawned() === 2, 15_000, 'main to start the approved command')
  })

  it("main's own confirmation (Electron's native dialog) decides: declined, nothing is approved or run", async () => {
    const asked: string[][] = []
    let answer = false
    const { call, echo, spawned } = await app({
      confirm: async (servers) => {
        asked.push(servers.map((s) => s.name))
        return answer
      }
    })
    await call('servers:add', { servers: [echo] })
    expect(await call('servers:approve', { serverIds: ['echo'] })).toBe(false)
    expect(asked).toEqual([['echo']])
    await expect(call('mcp:init-client', { serverId: 'echo' })).rejects.toMatchObject({ code: 'NEEDS_APPROVAL' })
    answer = true
    expect(await call('servers:approve', { serverIds: ['echo'] })).toBe(true)
    // already approved: not asked again
    expect(await call('servers:approve', { serverIds: ['echo'] })).toBe(true)
    expect(asked).toHaveLength(2)
    await call('mcp:init-client', { serverId: 'echo' })
    expect(spawned()).toBe(1)
  })

  it('removing a server stops its process, and its id is then unknown', async () => {
    const { call, echo, host } = await app()
    await call('servers:add', { servers: [echo] })
    await call('servers:approve', { serverIds: ['echo'] })
    await call('mcp:init-client', { serverId: 'echo' })
    const pid = host.mcp.pidOf(echo)!
    expect(pid).toBeGreaterThan(0)
    expect(await call('servers:remove', { serverId: 'echo' })).toBe(true)
    expect(host.mcp.pidOf(echo)).toBeUndefined()
    expect(() => process.kill(pid, 0)).toThrow()
    await expect(call('mcp:list-tools', { serverId: 'echo' })).rejects.toMatchObject({ code: 'SERVER_NOT_FOUND' })
  })
})
