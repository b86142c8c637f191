import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startAuthServer, type AuthServer } from '../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../fixtures/oauth/resourceServer'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

// `auth SERVER` signs in (here with --oauth-browser follow, against
// oidc-provider), the other commands use the stored tokens, and say to run it when they cannot.
let auth: AuthServer
let rs: ResourceServer
let env: Record<string, string>
let config: string[]

beforeEach(async () => {
  rs = await startResourceServer(() => auth)
  auth = await startAuthServer({ resource: () => rs.url })
  env = { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-oauth-') }
  // port 0: the CLI picks a free callback port for itself
  config = writeConfig({ protected: { type: 'streamableHttp', url: rs.url, oauth: { callbackPort: 0 } } })
})

afterEach(async () => {
  await stopStrayClis()
  await rs.close()
  await auth.close()
})

const run = (...args: string[]) => cli([...config, ...args], { env })

describe('cli auth', () => {
  it('tools before a sign-in says to run `auth protected`; auth signs in; tools then works; --logout signs out', async () => {
    const before = await run('tools', 'protected')
    expect(before.code).toBe(1)
    expect(before.stderr).toContain('needs sign-in (it asks for the scope "mcp") — run `auth protected` to sign in')
    expect(auth.logins).toBe(0)

    const signIn = await run('auth', 'protected', '--oauth-browser', 'follow')
    expect(signIn.stderr).toBe('')
    expect(signIn.code).toBe(0)
    expect(signIn.stdout).toContain(`signed in to protected at ${auth.issuer}`)
    expect(signIn.stdout).toMatch(/scopes: .*mcp/)
    expect(auth.logins).toBe(1)

    const tools = await run('tools', 'protected')
    expect(tools.code).toBe(0)
    expect(tools.stdout).toContain('whoami')
    expect(auth.logins).toBe(1)

    const out = await run('auth', 'protected', '--logout')
    expect(out.code).toBe(0)
    expect(out.stdout).toContain('signed out of protected')
    expect((await run('tools', 'protected')).stderr).toContain('run `auth protected`')
  })

  it('auth signs in to a server that takes initialize without a token and asks for one later', async () => {
    const later = await startResourceServer(() => auth, { tokenAfterInitialize: true })
    try {
      const laterConfig = writeConfig({ later: { type: 'streamableHttp', url: later.url, oauth: { callbackPort: 0 } } })
      const before = await cli([...laterConfig, 'tools', 'later'], { env })
      expect(before.code).toBe(1)
      expect(before.stderr).toContain('run `auth later`')
      const signIn = await cli([...laterConfig, 'auth', 'later', '--oauth-browser', 'follow'], { env })
      expect(signIn.code).toBe(0)
      expect(signIn.stdout).toContain(`signed in to later at ${auth.issuer}`)
      expect(auth.logins).toBe(1)
      const tools = await cli([...laterConfig, 'tools', 'later'], { env })
      expect(tools.code).toBe(0)
      expect(tools.stdout).toContain('whoami')
    } finally {
      await later.close()
    }
  })

  it('--logout and --oauth-browser belong to auth only, and the browser is system or follow', async () => {
    expect((await run('tools', 'protected', '--logout')).code).toBe(2)
    const bad = await run('auth', 'protected', '--oauth-browser', 'lynx')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--oauth-browser is system or follow')
  })
})
