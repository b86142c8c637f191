import { afterEach, describe, expect, it } from 'vitest'
import { parseMcpConfig } from '@shared/mcp/configImport'
import type { McpServer } from '@shared/mcp/server'
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

  it('come in with an imported config, and one that is not https is refused naming the field', () => {
    const [server] = parseMcpConfig({ mcpServers: { remote: { type: 'streamableHttp', url: 'https://mcp.example.com/mcp', oauth: { clientMetadataUrl: DOCUMENT } } } })
    expect(server.oauth?.clientMetadataUrl).toBe(DOCUMENT)
    expect(() => parseMcpConfig({ mcpServers: { remote: { type: 'streamableHttp', url: 'https://mcp.example.com/mcp', oauth: { clientMetadataUrl: 'http://studio.example.com/c.json' } } } })).toThrow(
      /oauth\.clientMetadataUrl must be an https URL with a path/
    )
  })
})
