import { afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startCimdServer, type CimdServerOptions } from '../../fixtures/oauth/cimdServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// What a sign-in that cannot go on says: one sentence naming the server, the URL and what to do.
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await closeAllServices()
  for (const close of closers.splice(0)) await close()
})

async function signIn(options: Omit<CimdServerOptions, 'cimd'>) {
  const remote = await startCimdServer({ cimd: false, ...options })
  closers.push(remote.close)
  const { service } = makeService({ oauth: { dir: tempDir('mcp-oauth-'), open: redirectFollower() } })
  const server: McpServer = { id: 'remote', name: 'remote', type: 'streamableHttp', baseUrl: remote.url, isActive: true, oauth: { callbackPort: 0 } }
  const error = (await service.signIn(server).then(
    () => undefined,
    (e: unknown) => e
  )) as (Error & { code?: string }) | undefined
  expect(error).toBeDefined()
  // the state says the same
  expect(service.stateOf('remote')).toMatchObject({ status: 'failed', code: 'SIGN_IN_FAILED', message: error!.message })
  return { message: error!.message, origin: new URL(remote.url).origin }
}

describe('a sign-in that cannot go on', () => {
  it('a javascript: authorization endpoint is refused in a sentence, not a schema dump', async () => {
    const { message, origin } = await signIn({ authorizationEndpoint: 'javascript:alert(1)' })
    expect(message).toContain('MCP server "remote"')
    expect(message).toContain(origin)
    expect(message).toMatch(/javascript:/)
    expect(message).toMatch(/ask the server's operator/i)
    expect(message).not.toMatch(/[[{]\s*"|"path"|"code":|invalid_format|\n/)
    expect(message).not.toContain('<redacted>')
  })

  it('a discovery that fails names the server and its authorization server', async () => {
    const { message, origin } = await signIn({ metadataStatus: 500 })
    expect(message).toContain('MCP server "remote"')
    expect(message).toContain(origin)
    expect(message).toMatch(/HTTP 500/)
    expect(message).not.toMatch(/[[{]\s*"|\n/)
  })

  it('a token endpoint error names the authorization server, the OAuth error and what to do', async () => {
    const { message, origin } = await signIn({ tokenError: { status: 400, error: 'invalid_grant', error_description: 'the code expired' } })
    expect(message).toContain('MCP server "remote"')
    expect(message).toContain(`${origin}/token`)
    expect(message).toContain('invalid_grant')
    expect(message).toContain('the code expired')
    expect(message).toMatch(/press Sign in .*again$/)
    expect(message).not.toContain('the-code')
  })
})
