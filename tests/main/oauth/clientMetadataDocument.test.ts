import { afterEach, describe, expect, it } from 'vitest'
import { parseMcpConfig } from '@shared/mcp/configImport'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { createHost } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startCimdServer } from '../../fixtures/oauth/cimdServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// A server's oauth.clientMetadataUrl: the client id where the authorization server takes client
// metadata documents, dynamic registration where it does not.
const DOCUMENT = 'https://studio.example.com/oauth/client-metadata.json'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await closeAllServices()
  for (const close of closers.splice(0)) await close()
})

async function signInTo(cimd: boolean) {
  const remote = await startCimdServer({ cimd })
  closers.push(remote.close)
  const { service } = makeService({ oauth: { dir: tempDir('mcp-oauth-'), open: redirectFollower() } })
  const server: McpServer = { id: 'cimd', name: 'cimd', type: 'streamableHttp', baseUrl: remote.url, isActive: true, oauth: { callbackPort: 0, clientMetadataUrl: DOCUMENT } }
  await service.signIn(server)
  expect((await service.listTools(server)).map((tool) => tool.name)).toEqual(['hello'])
  return remote
}

describe('client metadata documents', () => {
  it('are the client id where the authorization server supports them: nothing is registered', async () => {
    const remote = await signInTo(true)
    expect(remote.clientIds).toEqual([DOCUMENT])
    expect(remote.registrations).toBe(0)
  })

  it('leave dynamic registration in place where it does not', async () => {
    const remote = await signInTo(false)
    expect(remote.clientIds).toEqual(['registered-client'])
    expect(remote.registrations).toBe(1)
  })

  it('set once for the app (Settings → Sign-in) serve every server that names none, kept across a restart; a bad URL is refused by field', async () => {
    const remote = await startCimdServer({ cimd: true })
    closers.push(remote.close)
    const userDataDir = tempDir('mcp-cimd-app-')
    const start = () =>
      createHost({
        platform: createNodePlatform({ userDataDir }),
        mode: 'browser',
        windows: { openTraceWindow: () => ({ opened: false }) },
        mcpOptions: { oauth: { open: redirectFollower() } }
      })
    const first = await start()
    const refused = await first.router.invoke('app:set-sign-in-settings', { clientMetadataUrl: 'http://studio.example.com/c.json' }, { via: 'direct' })
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringContaining('clientMetadataUrl: must be an https URL') } })
    expect(await first.router.invoke('app:set-sign-in-settings', { clientMetadataUrl: DOCUMENT }, { via: 'direct' })).toEqual({ ok: true, result: { clientMetadataUrl: DOCUMENT } })
    await first.close()

    const host = await start()
    closers.push(() => host.close())
    expect(await host.router.invoke('app:get-sign-in-settings', undefined, { via: 'direct' })).toEqual({ ok: true, result: { clientMetadataUrl: DOCUMENT } })
    // as a window does it: add, approve, Sign in, list
    const invoke = (channel: Parameters<typeof host.router.invoke>[0], args: unknown) => host.router.invoke(channel, args, { via: 'direct' })
    const server: McpServer = { id: 'cimd', name: 'cimd', type: 'streamableHttp', baseUrl: remote.url, isActive: false, oauth: { callbackPort: 0 } }
    expect(await invoke('servers:add', { servers: [server] })).toMatchObject({ ok: true })
    expect(await invoke('servers:approve', { serverIds: ['cimd'] })).toEqual({ ok: true, result: true })
    expect(await invoke('mcp:sign-in', { serverId: 'cimd' })).toMatchObject({ ok: true })
    expect(await invoke('mcp:list-tools', { serverId: 'cimd' })).toMatchObject({ ok: true, result: [expect.objectContaining({ name: 'hello' })] })
    expect(remote.clientIds).toEqual([DOCUMENT])
    expect(remote.registrations).toBe(0)
  })

  it('come in with an imported config, and one that is not https is refused naming the field', () => {
    const [server] = parseMcpConfig({ mcpServers: { remote: { type: 'streamableHttp', url: 'https://mcp.example.com/mcp', oauth: { clientMetadataUrl: DOCUMENT } } } })
    expect(anyKindFields(server).oauth?.clientMetadataUrl).toBe(DOCUMENT)
    expect(() => parseMcpConfig({ mcpServers: { remote: { type: 'streamableHttp', url: 'https://mcp.example.com/mcp', oauth: { clientMetadataUrl: 'http://studio.example.com/c.json' } } } })).toThrow(
      /oauth\.clientMetadataUrl must be an https URL with a path/
    )
  })
})
