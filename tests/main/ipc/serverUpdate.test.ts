import { afterEach, describe, expect, it } from 'vitest'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import { unwrapResponse } from '@shared/ipc/errors'
import type { McpServer } from '@shared/mcp/server'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { tempDir } from '../services/helpers'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

async function app() {
  const platform = createNodePlatform({ userDataDir: tempDir('mcp-update-') })
  const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 300 } })
  hosts.push(host)
  // as a window's JSON wire carries it: a key whose value is undefined does not arrive
  const call = async <C extends IpcChannelName>(channel: C, args: IpcArgs<C>) =>
    unwrapResponse(await host.router.invoke(channel, JSON.parse(JSON.stringify(args)), { via: 'direct' })) as IpcResult<C>
  return call
}

const remote: McpServer = {
  id: 'remote',
  name: 'remote',
  type: 'sse',
  baseUrl: 'https://mcp.example.test/sse',
  headers: { 'X-Team': 'blue' },
  ui: { description: 'the team server', logoUrl: 'https://example.test/logo.png', tags: ['team'] },
  tools: { disabled: ['drop'], autoApprove: ['list'] },
  isActive: false
}

describe('servers:update with the nested UI metadata and tool preferences', () => {
  it('a change to one field keeps the others; the clear list removes one nested field by name', async () => {
    const call = await app()
    await call('servers:add', { servers: [remote] })

    const described = await call('servers:update', { serverId: 'remote', changes: { ui: { description: 'renamed team' } } })
    expect(described.ui).toEqual({ description: 'renamed team', logoUrl: 'https://example.test/logo.png', tags: ['team'] })
    expect(described.tools).toEqual(remote.tools)

    const cleared = await call('servers:update', { serverId: 'remote', changes: { tools: { disabled: ['drop', 'wipe'] } }, clear: ['ui.logoUrl', 'tools.autoApprove'] })
    expect(cleared.ui).toEqual({ description: 'renamed team', tags: ['team'] })
    expect(cleared.tools).toEqual({ disabled: ['drop', 'wipe'] })
    expect(cleared).toMatchObject({ type: 'sse', baseUrl: remote.baseUrl, headers: remote.headers })
  })

  it('a change of kind keeps only the new kind’s launch fields', async () => {
    const call = await app()
    await call('servers:add', { servers: [remote] })
    const local = await call('servers:update', { serverId: 'remote', changes: { type: 'stdio', command: 'node', args: ['x.js'] }, clear: ['baseUrl', 'headers'] })
    expect(local).toEqual({ id: 'remote', name: 'remote', type: 'stdio', command: 'node', args: ['x.js'], ui: remote.ui, tools: remote.tools, isActive: false })
  })

  it('a field no change can clear is refused by name', async () => {
    const call = await app()
    await call('servers:add', { servers: [remote] })
    await expect(call('servers:update', { serverId: 'remote', changes: {}, clear: ['ui.nope'] })).rejects.toThrow(/ui\.nope|clear/)
  })
})
