import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '@shared/mcp/server'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { Tracing } from '../../../src/main/services/trace/Tracing'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../../fixtures/oauth/resourceServer'
import { closeAllServices, tempDir } from '../services/helpers'
import { tracedService } from '../trace/traceHelpers'

// the user's sign-in is a span with its steps, against oidc-provider as in oidcSignIn.test.ts
let auth: AuthServer
let rs: ResourceServer
let tracing: Tracing

beforeEach(async () => {
  rs = await startResourceServer(() => auth)
  auth = await startAuthServer({ resource: () => rs.url })
  tracing = new Tracing()
})

afterEach(async () => {
  await closeAllServices()
  await tracing.shutdown()
  await rs.close()
  await auth.close()
})

const server = (): HttpServer => ({ id: 'protected', name: 'protected', type: 'streamableHttp', baseUrl: rs.url, isActive: true, oauth: { callbackPort: 0 } })

describe('a sign-in as a span', () => {
  it('is {server}.signIn with its steps as events in order, and no token, code or verifier anywhere in it', async () => {
    // the browser's hops, to learn the code the callback received
    const visited: URL[] = []
    const follow = redirectFollower((input, init) => {
      visited.push(new URL(String(input)))
      return fetch(input, init)
    })
    const { service } = tracedService({}, { tracing, oauth: { dir: tempDir('mcp-oauth-'), open: (url) => follow(url) } })
    const oauth = await service.oauth.get()
    // as the window's Sign in and the CLI's auth run it
    await service.signIn(server())

    const [summary] = tracing.store.list({ serverId: 'protected' }).filter((trace) => trace.root.name === 'protected.signIn')
    expect(summary).toBeTruthy()
    const spans = tracing.store.get(summary.root.traceId)
    const signIn = spans.find((span) => span.name === 'protected.signIn')!
    expect(signIn.status).toBe('ok')
    // the connect it ran is its child
    expect(spans.find((span) => span.name === 'protected.connect')?.parentSpanId).toBe(signIn.spanId)
    // its steps, in order (the restart it asked for is a log line beside them)
    const steps = signIn.events.map((event) => event.name).filter((name) => name.startsWith('oauth.'))
    expect(steps).toEqual(['oauth.discovery', 'oauth.registration', 'oauth.authorization', 'oauth.callback', 'oauth.token.exchange'])
    const authorization = signIn.events.find((event) => event.name === 'oauth.authorization')!
    expect(authorization.attributes['oauth.authorization_endpoint']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[^?]*$/)

    // what must never be in a span: the code the callback got, the tokens, the PKCE verifier
    const code = visited.find((url) => url.pathname.endsWith('/oauth/callback'))?.searchParams.get('code')
    const provider = oauth.provider(server())
    const tokens = await provider.tokens()
    expect(code && tokens?.access_token && tokens.refresh_token).toBeTruthy()
    const secrets = [code!, tokens!.access_token, tokens!.refresh_token!]
    const state = visited.find((url) => url.pathname.endsWith('/oauth/callback'))?.searchParams.get('state')
    if (state) secrets.push(state)
    const challenge = visited.find((url) => url.searchParams.has('code_challenge'))?.searchParams.get('code_challenge')
    if (challenge) secrets.push(challenge)
    const verifier = await provider.codeVerifier().catch(() => undefined)
    if (verifier) secrets.push(verifier)
    const serialized = JSON.stringify(spans)
    for (const secret of secrets) expect(serialized).not.toContain(secret)

    // later, the access token expired: the call that refreshes it says so on its own span
    rs.expireAccessTokens()
    await service.callTool({ server: server(), name: 'whoami', args: {}, callId: 'after-expiry' })
    const call = tracing.store.list({ serverId: 'protected' }).find((trace) => trace.root.attributes['mcp.call.id'] === 'after-expiry')!.root
    const refresh = call.events.find((event) => event.name === 'oauth.token.refresh')
    expect(refresh?.attributes['oauth.grant']).toBe('refresh_token')
    expect(auth.refreshes).toBeGreaterThanOrEqual(1)
    const renewed = await provider.tokens()
    expect(renewed?.access_token).not.toBe(tokens!.access_token)
    expect(JSON.stringify(call)).not.toContain(renewed!.access_token)
  })
})
