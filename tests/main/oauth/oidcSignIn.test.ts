import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HttpServer } from '@shared/mcp/server'
import type { ServerStatusEvent } from '@shared/mcp/status'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../../fixtures/oauth/resourceServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// OAuth sign-in against an independent authorization server (oidc-provider) and a resource server
// behind the SDK's requireBearerAuth: the whole sign-in through the real callback server, with
// the headless follower standing in for the browser.
let auth: AuthServer
let rs: ResourceServer
let dataDir: string
let opened: URL[]

beforeEach(async () => {
  rs = await startResourceServer(() => auth)
  auth = await startAuthServer({ resource: () => rs.url })
  dataDir = tempDir('mcp-oauth-')
  opened = []
})

afterEach(async () => {
  await closeAllServices()
  await rs.close()
  await auth.close()
})

const follow = redirectFollower()
function service() {
  return makeService({
    oauth: {
      dir: dataDir,
      open: async (url) => {
        opened.push(url)
        await follow(url)
      }
    }
  }).service
}

const server = (): HttpServer => ({ id: 'protected', name: 'protected', type: 'streamableHttp', baseUrl: rs.url, isActive: true, oauth: { callbackPort: 0 } })

const whoami = async (s: ReturnType<typeof service>) => {
  const result = await s.callTool({ server: server(), name: 'whoami', args: {} })
  return (result.content[0] as { text: string }).text
}

describe('OAuth against oidc-provider', () => {
  it('signs in once, refreshes silently after expiry, signs in exactly once more after revocation, and a new process reuses the tokens', async () => {
    const first = service()
    await expect(first.listTools(server())).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await first.signIn(server())
    expect((await first.listTools(server())).map((t) => t.name)).toEqual(['whoami', 'admin'])
    expect(opened).toHaveLength(1)
    // PKCE S256, RFC 8707 resource, offline_access (offered by the server) on the authorization request
    const asked = opened[0].searchParams
    expect(asked.get('code_challenge_method')).toBe('S256')
    expect(asked.get('resource')).toBe(rs.url)
    expect(asked.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp', 'offline_access']))
    expect(asked.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/)
    expect(auth.registrations).toBe(1)
    expect(await whoami(first)).toMatch(/^client /)

    // the access token expires: the next call refreshes it, no browser
    rs.expireAccessTokens()
    expect(await whoami(first)).toMatch(/^client /)
    expect(auth.refreshes).toBe(1)
    expect(opened).toHaveLength(1)

    // the refresh token is revoked (and the access token gone): exactly one new sign-in
    for (const token of auth.refreshTokens) await (await auth.provider.RefreshToken.find(token))?.destroy()
    rs.expireAccessTokens()
    await expect(whoami(first)).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await first.signIn(server())
    expect(await whoami(first)).toMatch(/^client /)
    expect(opened).toHaveLength(2)

    // a tool that needs more: 403 insufficient_scope → one sign-in for the new scope (not a
    // refresh of the old one), and the call goes through
    await expect(first.callTool({ server: server(), name: 'admin', args: {} })).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await first.signIn(server())
    const admin = await first.callTool({ server: server(), name: 'admin', args: {} })
    expect((admin.content[0] as { text: string }).text).toContain('mcp:admin')
    expect(opened).toHaveLength(3)
    expect(opened[2].searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp', 'mcp:admin']))
    await first.closeAll()

    // stored tokens: one 0600 file, not readable as plain tokens where the platform encrypts (Node: plain, 0600)
    const files = readdirSync(dataDir).filter((f) => f.endsWith('_oauth.json'))
    expect(files).toHaveLength(1)
    if (process.platform !== 'win32') expect(statSync(join(dataDir, files[0])).mode & 0o777).toBe(0o600)

    // a new process over the same storage: no browser, no registration
    const second = service()
    expect(await whoami(second)).toMatch(/^client /)
    expect(opened).toHaveLength(3)
    expect(auth.registrations).toBe(1)
  })

  it('where no browser may open (the app between Sign ins), an expired token is refreshed, even by requests that meet the 401 together', async () => {
    const made = makeService({ oauth: { dir: dataDir, open: async (url) => void (opened.push(url), await follow(url)) } })
    const background = made.service
    const oauth = await background.oauth.get()
    await oauth.signIn(server(), () => background.restartServer(server()))
    // straight after the sign-in, the transport's SSE stream and the call both meet the expiry:
    // each refreshes with the same (rotating) refresh token, which only one of them may use
    rs.expireAccessTokens()
    expect(await whoami(background)).toMatch(/^client /)
    expect(auth.refreshes).toBeGreaterThanOrEqual(1)
    // a window asking for its lists at once after the next expiry
    rs.expireAccessTokens()
    const before = auth.refreshes
    const lists = await Promise.all([background.listTools(server(), { refresh: true }), background.callTool({ server: server(), name: 'whoami', args: {} }), background.listTools(server(), { refresh: true })])
    expect(lists[0].map((t) => t.name)).toEqual(['whoami', 'admin'])
    expect(auth.refreshes).toBeGreaterThan(before)
    await background.closeAll()

    // the app starts again with an expired token on disk: its first connect refreshes it
    rs.expireAccessTokens()
    const again = makeService({ oauth: { dir: dataDir, open: async (url) => void (opened.push(url), await follow(url)) } }).service
    expect(await whoami(again)).toMatch(/^client /)
    // never a browser after the one sign-in
    expect(opened).toHaveLength(1)
  })

  it('a connect that may not open the browser fails with NEEDS_SIGN_IN; the Sign in action connects', async () => {
    const made = makeService({ oauth: { dir: dataDir, open: async (url) => void (opened.push(url), await follow(url)) } })
    const background = made.service
    const statusEvents = () => made.events.filter((e) => e.event === 'mcp:server-status').map((e) => (e.payload as ServerStatusEvent).state)
    await expect(background.listTools(server())).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN', message: expect.stringContaining('needs sign-in') })
    expect(opened).toHaveLength(0)
    expect(background.stateOf('protected')).toMatchObject({ status: 'needs-sign-in', message: expect.stringContaining('needs sign-in') })
    // nothing was registered for a sign-in nobody asked for
    expect(auth.registrations).toBe(0)

    const oauth = await background.oauth.get()
    await oauth.signIn(server(), () => background.restartServer(server()))
    expect(opened).toHaveLength(1)
    expect((await background.listTools(server())).map((t) => t.name)).toEqual(['whoami', 'admin'])
    expect(await oauth.status(server())).toMatchObject({ signedIn: true, authorizationServer: expect.stringContaining(auth.issuer), scopes: expect.arrayContaining(['mcp']) })

    // the refresh token is revoked while no browser may open: the call fails with NEEDS_SIGN_IN, and
    // the window is told the server needs a sign-in (its connection is over), once
    for (const token of auth.refreshTokens) await (await auth.provider.RefreshToken.find(token))?.destroy()
    rs.expireAccessTokens()
    await expect(background.callTool({ server: server(), name: 'whoami', args: {} })).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await vi.waitFor(() => expect(statusEvents().at(-1)).toMatchObject({ status: 'needs-sign-in' }))
    expect(opened).toHaveLength(1)
    await oauth.signIn(server(), () => background.restartServer(server()))
    expect(opened).toHaveLength(2)
    expect(await whoami(background)).toMatch(/^client /)

    // Sign out: revoked at the server and forgotten here; the next background connect needs a sign-in again
    await oauth.signOut(server())
    expect(await oauth.status(server())).toMatchObject({ signedIn: false })
    await background.stopServer(server())
    await expect(background.listTools(server())).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
  })
})
