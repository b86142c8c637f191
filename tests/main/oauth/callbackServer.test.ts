import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CallbackServer, SIGN_IN_TIMEOUT_MS } from '../../../src/main/services/mcp/oauth/callbackServer'
import { checkAuthorizationUrl } from '../../../src/main/services/mcp/oauth/urlSafety'

// the loopback callback of the browser sign-in, and which URLs a sign-in opens.
const servers: CallbackServer[] = []
const blockers: Server[] = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(servers.splice(0).map((s) => s.close()))
  await Promise.all(blockers.splice(0).map((b) => new Promise((resolve) => b.close(resolve))))
})

async function started(options: { timeoutMs?: number } = {}) {
  const callbacks = new CallbackServer(options)
  servers.push(callbacks)
  const port = await callbacks.listen(0)
  const hit = (query: string, path = '/oauth/callback', headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}?${query}`, { headers })
  return { callbacks, port, hit }
}

describe('callback server', () => {
  it('listens on 127.0.0.1 only, answers 404 off the callback path, and a wrong state gets 400 while the sign-in keeps waiting', async () => {
    const { callbacks, port, hit } = await started()
    const pending = callbacks.expect('right-state', 0)
    expect((await hit('state=right-state&code=c1', '/other')).status).toBe(404)
    expect((await hit('state=right-state&code=c1', '/oauth/callback/extra')).status).toBe(404)
    const wrong = await hit('state=forged&code=evil')
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('does not belong to the sign-in')
    const right = await hit('state=right-state&code=good')
    expect(right.status).toBe(200)
    expect(await right.text()).toContain('Signed in')
    await expect(pending.code).resolves.toBe('good')
    // bound to the loopback address: the machine's other addresses do not answer
    const nonLoopback = Object.values((await import('node:os')).networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (nonLoopback) await expect(fetch(`http://${nonLoopback.address}:${port}/oauth/callback`)).rejects.toThrow()
  })

  it('shows the success page in Chinese to a Chinese browser', async () => {
    const { callbacks, hit } = await started()
    const pending = callbacks.expect('s', 0)
    expect(await (await hit('state=s&code=x', undefined, { 'accept-language': 'zh-CN,zh;q=0.9' })).text()).toContain('已登录')
    await pending.code
  })

  it('error=access_denied ends the sign-in with that message', async () => {
    const { callbacks, hit } = await started()
    const pending = callbacks.expect('s', 0)
    expect((await hit('state=s&error=access_denied&error_description=the+user+said+no')).status).toBe(200)
    await expect(pending.code).rejects.toThrow('sign-in was refused by the authorization server: access_denied (the user said no)')
  })

  it('two sign-ins at once on one port each get their own code', async () => {
    const { callbacks, hit } = await started()
    const a = callbacks.expect('state-a', 0)
    const b = callbacks.expect('state-b', 0)
    await hit('state=state-b&code=code-b')
    await hit('state=state-a&code=code-a')
    await expect(a.code).resolves.toBe('code-a')
    await expect(b.code).resolves.toBe('code-b')
  })

  it('a sign-in not completed in 5 minutes fails with a message saying so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { callbacks, hit } = await started()
    const pending = callbacks.expect('s', 0)
    const failed = expect(pending.code).rejects.toThrow('sign-in was not completed in 5 minutes')
    await vi.advanceTimersByTimeAsync(SIGN_IN_TIMEOUT_MS)
    await failed
    // the flow is gone: its late redirect is refused
    expect((await hit('state=s&code=late')).status).toBe(400)
  })

  it('a port in use is an error naming the port', async () => {
    const blocker = createServer()
    blockers.push(blocker)
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as AddressInfo).port
    const callbacks = new CallbackServer()
    servers.push(callbacks)
    await expect(callbacks.listen(port)).rejects.toThrow(`the sign-in callback port ${port} on 127.0.0.1 is in use by another program`)
  })
})

describe('authorization URL safety', () => {
  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://auth.example.com/authorize', 'ms-settings:privacy', 'https://user:pw@auth.example.com/authorize', 'not a url'])('refuses %s', (url) => {
    expect(() => checkAuthorizationUrl(url)).toThrow(/^Refused to open/)
  })

  it.each(['https://auth.example.com/authorize?x=1', 'http://127.0.0.1:9000/authorize', 'http://localhost:9000/authorize', 'http://[::1]:9000/authorize'])('opens %s', (url) => {
    expect(checkAuthorizationUrl(url).href).toBe(new URL(url).href)
  })
})
