import { afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServerOptions } from '../../fixtures/oauth/resourceServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// Servers that take `initialize` without a token and ask for one later (401 on tools/list, 403
// insufficient_scope on a call): Sign in must sign in, not just reconnect.
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await closeAllServices()
  for (const close of closers.splice(0).reverse()) await close()
})

async function setUp(options: ResourceServerOptions) {
  const current: { auth?: AuthServer } = {}
  const rs = await startResourceServer(() => current.auth!, { tokenAfterInitialize: true, ...options })
  const startAuth = async () => {
    const auth = (current.auth = await startAuthServer({ resource: () => rs.url }))
    closers.push(auth.close)
    return auth
  }
  const auth = await startAuth()
  closers.push(rs.close)
  const opened: URL[] = []
  const follow = redirectFollower()
  const made = makeService({ oauth: { dir: tempDir('mcp-oauth-'), open: async (url) => void (opened.push(url), await follow(url)) } })
  const server: McpServer = { id: 'later', name: 'later', type: 'streamableHttp', baseUrl: rs.url, isActive: true, oauth: { callbackPort: 0 } }
  return { service: made.service, server, opened, auth, startAuth }
}

const scopesOf = (url: URL | undefined) => url?.searchParams.get('scope')?.split(' ') ?? []
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text

describe('a server that asks for a token after initialize', () => {
  it('needs sign-in naming the scope; Sign in signs in; a 403 step-up asks again with both scopes; each Sign in finds the authorization server anew', async () => {
    const { service, server, opened, auth, startAuth } = await setUp({})
    await expect(service.listTools(server)).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await expectState(service, 'needs-sign-in', 'asks for the scope "mcp"')
    expect(opened).toHaveLength(0)

    await service.signIn(server)
    expect(opened).toHaveLength(1)
    expect(scopesOf(opened[0])).toContain('mcp')
    expect(auth.logins).toBe(1)
    expect((await service.listTools(server)).map((t) => t.name)).toEqual(['whoami', 'admin'])

    // mid-session, a call that needs more: 403 insufficient_scope, the state names what it asks for
    await expect(service.callTool({ server, name: 'admin', args: {} })).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
    await expectState(service, 'needs-sign-in', 'mcp mcp:admin')
    expect(opened).toHaveLength(1)
    await service.signIn(server)
    expect(opened).toHaveLength(2)
    expect(scopesOf(opened[1])).toEqual(expect.arrayContaining(['mcp', 'mcp:admin']))
    expect(text(await service.callTool({ server, name: 'admin', args: {} }))).toContain('mcp:admin')

    // the server moves to another authorization server: the next Sign in goes there, not to the one remembered
    const moved = await startAuth()
    await service.signIn(server)
    expect(opened).toHaveLength(3)
    expect(opened[2].origin).toBe(moved.issuer)
    expect(moved.logins).toBe(1)
    expect(text(await service.callTool({ server, name: 'whoami', args: {} }))).toMatch(/^client /)
  })

  it('a scope that is never granted ends after three sign-ins with an error saying so, not a loop', async () => {
    const { service, server, opened } = await setUp({ neverAdmin: true })
    await service.signIn(server)
    expect(opened).toHaveLength(1)
    // three Sign ins for the scope the call asks for, each refused again
    for (let attempt = 1; attempt <= 4; attempt++) {
      const failed = service.callTool({ server, name: 'admin', args: {} })
      if (attempt < 4) {
        await expect(failed).rejects.toMatchObject({ code: 'NEEDS_SIGN_IN' })
        await expectState(service, 'needs-sign-in', 'mcp:admin')
        await service.signIn(server)
      } else {
        await expect(failed).rejects.toMatchObject({ code: 'SIGN_IN_FAILED' })
      }
    }
    await expectState(service, 'failed', 'still refused after 3 sign-ins for the scope "mcp mcp:admin"')
    expect(opened).toHaveLength(4)
  })
})

async function expectState(service: ReturnType<typeof makeService>['service'], status: string, message: string): Promise<void> {
  const { vi } = await import('vitest')
  await vi.waitFor(() => expect(service.stateOf('later')).toMatchObject({ status, message: expect.stringContaining(message) }))
}
