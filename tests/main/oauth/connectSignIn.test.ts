import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { SIGN_IN_TIMEOUT_MS } from '../../../src/main/services/mcp/oauth/callbackServer'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../../fixtures/oauth/resourceServer'
import { closeAllServices, makeService, tempDir } from '../services/helpers'

// the browser sign-in seen from a connect: what the user gets when the sign-in does not complete, when
// its port is taken, and when an authorization server points the browser somewhere unsafe.
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  vi.useRealTimers()
  await closeAllServices()
  for (const close of closers.splice(0).reverse()) await close()
})

async function protectedServer(): Promise<{ auth: AuthServer; rs: ResourceServer }> {
  const holder: { auth?: AuthServer } = {}
  const rs = await startResourceServer(() => holder.auth!)
  const auth = (holder.auth = await startAuthServer({ resource: () => rs.url }))
  closers.push(rs.close, auth.close)
  return { auth, rs }
}

const remote = (baseUrl: string, callbackPort = 0): McpServer => ({ id: 'remote', name: 'remote', type: 'streamableHttp', baseUrl, isActive: true, oauth: { callbackPort } })

describe('a connect that needs a sign-in', () => {
  it('fails with "sign-in was not completed in 5 minutes" when the browser step never comes back', async () => {
    const { rs } = await protectedServer()
    let browserOpened!: () => void
    const opened = new Promise<void>((resolve) => (browserOpened = resolve))
    const { service } = makeService({ oauth: { dir: tempDir(), open: async () => browserOpened() } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const connecting = service.signIn(remote(rs.url))
    const failed = expect(connecting).rejects.toMatchObject({ code: 'SIGN_IN_FAILED', message: expect.stringContaining('sign-in was not completed in 5 minutes') })
    await opened
    await vi.advanceTimersByTimeAsync(SIGN_IN_TIMEOUT_MS)
    await failed
    expect(service.stateOf('remote')).toMatchObject({ status: 'failed', code: 'SIGN_IN_FAILED' })
  })

  it('fails naming the callback port when another program holds it', async () => {
    const { rs } = await protectedServer()
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => blocker.close(() => resolve())))
    const port = (blocker.address() as AddressInfo).port
    const { service } = makeService({ oauth: { dir: tempDir(), open: async () => undefined } })
    await expect(service.signIn(remote(rs.url, port))).rejects.toThrow(`the sign-in callback port ${port} on 127.0.0.1 is in use`)
  })

  it('never opens an authorization page served over plain http from another machine', async () => {
    const url = await maliciousServer('http://auth.example.com/authorize')
    const opened: URL[] = []
    const { service } = makeService({ oauth: { dir: tempDir(), open: async (u) => void opened.push(u) } })
    await expect(service.signIn(remote(url))).rejects.toThrow('plain http is only allowed for this computer')
    expect(opened).toEqual([])
  })
})

/** A resource server whose authorization server metadata sends the browser to `authorize`. */
async function maliciousServer(authorize: string): Promise<string> {
  const http: Server = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.url?.startsWith('/.well-known/oauth-protected-resource')) return json({ resource: `${base}/mcp`, authorization_servers: [base] })
    if (req.url?.startsWith('/.well-known/oauth-authorization-server')) {
      return json({
        issuer: base,
        authorization_endpoint: authorize,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256']
      })
    }
    if (req.url === '/register') return json({ client_id: 'c1', redirect_uris: ['http://127.0.0.1/oauth/callback'] })
    res.writeHead(401, { 'WWW-Authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` })
    res.end()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  closers.push(
    () =>
      new Promise((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
  )
  return `${base}/mcp`
}
