import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../../fixtures/oauth/resourceServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// Sign in pressed the moment a call failed for want of a sign-in: the failed connection's end
// must not take the new connect with it.
let auth: AuthServer
let rs: ResourceServer
let opened: URL[]

beforeEach(async () => {
  rs = await startResourceServer(() => auth)
  auth = await startAuthServer({ resource: () => rs.url })
  opened = []
})

afterEach(async () => {
  await closeAllServices()
  await rs.close()
  await auth.close()
})

const server = (): McpServer => ({ id: 'protected', name: 'protected', type: 'streamableHttp', baseUrl: rs.url, isActive: true, oauth: { callbackPort: 0 } })
const follow = redirectFollower()

describe('Sign in right after a needs-sign-in error', () => {
  it('signs in and connects, instead of "stopped while connecting"', async () => {
    const { service } = makeService({ oauth: { dir: tempDir('mcp-oauth-'), open: async (url) => void (opened.push(url), await follow(url)) } })
    await service.signIn(server())
    expect(opened).toHaveLength(1)
    // the sign-in is lost mid-session (refresh token revoked, access token expired)
    for (const token of auth.refreshTokens) await (await auth.provider.RefreshToken.find(token))?.destroy()
    rs.expireAccessTokens()
    await expect(service.callTool({ server: server(), name: 'whoami', args: {} })).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    // the user presses Sign in at once
    await service.signIn(server())
    expect(opened).toHaveLength(2)
    expect(service.stateOf('protected')).toMatchObject({ status: 'connected' })
    const result = await service.callTool({ server: server(), name: 'whoami', args: {} })
    expect((result.content[0] as { text: string }).text).toMatch(/^client /)
  })
})
