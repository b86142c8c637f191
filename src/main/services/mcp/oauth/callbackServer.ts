import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { callbackPage, pageLanguage, type PageKind } from './callbackPage'

export const CALLBACK_PATH = '/oauth/callback'
export const DEFAULT_CALLBACK_PORT = 12346
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000

/** A sign-in that ended without a code: refused, timed out, or the browser step failed. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly reason: 'denied' | 'timeout' | 'failed'
  ) {
    super(message)
    this.name = 'SignInError'
  }
}

export interface PendingSignIn {
  /** the authorization code, or a SignInError */
  code: Promise<string>
  fail(error: Error): void
}

interface Flow {
  resolve(code: string): void
  reject(error: Error): void
}

interface Listener {
  server: Server
  port: number
  /** listen() callers and waiting flows; the socket closes when none is left */
  refs: number
  flows: Map<string, Flow>
}

/**
 * The loopback end of the browser sign-in. One listener per port, on 127.0.0.1 only, started
 * before the browser opens; it answers only `/oauth/callback` and routes each redirect to its
 * flow by `state`, so two sign-ins at once (even on the same port) never take each other's code.
 * A redirect with an unknown state gets a 400 and the flow keeps waiting. A flow waits 5 minutes
 * at most, then fails. The socket closes when no one needs it.
 */
export class CallbackServer {
  private readonly listeners = new Map<number, Promise<Listener>>()
  /** port 0 (tests) picks a free port once: the same one again later, as the client registered it */
  private readonly chosen = new Map<number, number>()

  constructor(private readonly options: { timeoutMs?: number } = {}) {}

  /** Starts (or joins) the listener on `port`; resolves with the port it really listens on. */
  async listen(port: number): Promise<number> {
    const key = port
    let listener = this.listeners.get(key)
    if (!listener) {
      listener = this.start(this.chosen.get(port) ?? port)
      this.listeners.set(key, listener)
      listener.catch(() => this.listeners.delete(key))
    }
    const ready = await listener
    ready.refs++
    if (port === 0) this.chosen.set(0, ready.port)
    return ready.port
  }

  /** The port a redirect URL names: port 0 means the one it picked, once it has. */
  portFor(port: number): number {
    return port === 0 ? (this.chosen.get(0) ?? 0) : port
  }

  /** Ends one listen(); the last one closes the socket. */
  release(port: number): void {
    void this.listeners.get(port)?.then((listener) => this.unref(port, listener), () => undefined)
  }

  /** Waits for the redirect carrying `state` on the listener of `port` (listen() first). */
  expect(state: string, port: number): PendingSignIn {
    const timeoutMs = this.options.timeoutMs ?? SIGN_IN_TIMEOUT_MS
    let settle!: Flow
    const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
    const listening = this.listeners.get(port)
    if (!listening) throw new Error(`no sign-in callback is listening for port ${port}`)
    void listening.then((listener) => {
      listener.refs++
      const minutes = Math.round(timeoutMs / 60_000)
      const timer = setTimeout(
        () => finish(() => settle.reject(new SignInError(`sign-in was not completed in ${minutes} minute${minutes === 1 ? '' : 's'}`, 'timeout'))),
        timeoutMs
      )
      const finish = (how: () => void) => {
        if (listener.flows.get(state) !== flow) return
        clearTimeout(timer)
        listener.flows.delete(state)
        how()
        this.unref(port, listener)
      }
      const flow: Flow = {
        resolve: (value) => finish(() => settle.resolve(value)),
        reject: (error) => finish(() => settle.reject(error))
      }
      listener.flows.set(state, flow)
    })
    // nobody may be waiting yet: a failure is read when the code is awaited
    code.catch(() => undefined)
    return {
      code,
      fail: (error) => void listening.then((listener) => listener.flows.get(state)?.reject(error))
    }
  }

  /** Closes every listener; waiting flows fail. */
  async close(): Promise<void> {
    const all = [...this.listeners.values()]
    this.listeners.clear()
    for (const listening of all) {
      const listener = await listening.catch(() => undefined)
      if (!listener) continue
      for (const flow of [...listener.flows.values()]) flow.reject(new SignInError('the sign-in was stopped', 'failed'))
      await closeServer(listener.server)
    }
  }

  private unref(key: number, listener: Listener): void {
    listener.refs = Math.max(0, listener.refs - 1)
    if (listener.refs > 0) return
    if (this.listeners.get(key)) this.listeners.delete(key)
    void closeServer(listener.server)
  }

  private start(port: number): Promise<Listener> {
    return new Promise((resolve, reject) => {
      const flows = new Map<string, Flow>()
      const server = createServer((req, res) => handle(req, res, flows))
      server.once('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'EADDRINUSE' ? 'is in use by another program' : `could not be opened (${error.code ?? error.message})`
        reject(new SignInError(`the sign-in callback port ${port} on 127.0.0.1 ${why} — close that program or set another callback port in the server's OAuth settings`, 'failed'))
      })
      server.listen(port, '127.0.0.1', () => {
        resolve({ server, port: (server.address() as AddressInfo).port, refs: 0, flows })
      })
    })
  }
}

function handle(req: IncomingMessage, res: ServerResponse, flows: Map<string, Flow>): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const language = pageLanguage(req.headers['accept-language'])
  const reply = (status: number, kind: PageKind, detail?: string) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(callbackPage(kind, language, detail))
  }
  if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) return reply(404, 'notFound')
  const flow = flows.get(url.searchParams.get('state') ?? '')
  // a stale tab or a forged link: refused, and the real sign-in keeps waiting
  if (!flow) return reply(400, 'wrongState')
  const error = url.searchParams.get('error')
  if (error) {
    const description = url.searchParams.get('error_description')
    reply(200, 'denied', description ? `${error}: ${description}` : error)
    return flow.reject(new SignInError(`sign-in was refused by the authorization server: ${error}${description ? ` (${description})` : ''}`, 'denied'))
  }
  const code = url.searchParams.get('code')
  if (!code) return reply(400, 'wrongState')
  reply(200, 'success')
  flow.resolve(code)
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
