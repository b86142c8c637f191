import type { McpServer } from '@shared/mcp/server'
import type { ServerStatus } from '@shared/mcp/status'
import { getServerKey } from '@shared/mcp/serverKey'
import type { Connection } from './connect'
import { McpServerError } from './errors'
import type { ServerLogWriter } from './serverLogs'

export interface ClientEntry {
  key: string
  server: McpServer
  connection: Connection
}

export interface RegistryDeps {
  connect(server: McpServer, signal: AbortSignal): Promise<Connection>
  onStatus(server: McpServer, status: ServerStatus, error?: string): void
  log(server: McpServer): ServerLogWriter
  pingTimeoutMs?: number
  /** L3's ping is skipped when the server spoke this recently: it is plainly alive (default 2 s) */
  quietBeforePingMs?: number
}

interface PendingOp {
  promise: Promise<ClientEntry>
  abort: AbortController
}

/** L3: after the first ping (1 s) goes unanswered, one more gets this many times as long. */
const SLOW_PING_FACTOR = 5

/**
 * Live clients by server key, and the rules that keep them healthy (L1–L3, L6):
 * single flight per key, ping-or-replace on reuse, eviction the moment a transport closes.
 */
export class ClientRegistry {
  private readonly clients = new Map<string, ClientEntry>()
  private readonly pending = new Map<string, PendingOp>()
  /** stale or evicted clients still shutting down; closeAll waits for them */
  private readonly closing = new Set<Promise<void>>()
  /** connections we are closing on purpose: their close is not a "disconnected" */
  private readonly intentional = new WeakSet<Connection>()
  private shuttingDown = false

  constructor(private readonly deps: RegistryDeps) {}

  /**
   * The hot path of every call: a live client that spoke a moment ago, used as it is — without a
   * promise, so a call on it waits for nothing but the server. Otherwise `get`.
   */
  ready(server: McpServer): ClientEntry | undefined {
    return this.shuttingDown ? undefined : this.liveEntry(getServerKey(server))
  }

  /** L2: concurrent callers for one key share one promise, so N callers → one process. */
  get(server: McpServer): Promise<ClientEntry> {
    if (this.shuttingDown) return Promise.reject(new McpServerError(server, 'STOPPED', 'the app is shutting down'))
    const key = getServerKey(server)
    const inFlight = this.pending.get(key)
    if (inFlight) return inFlight.promise
    const live = this.liveEntry(key)
    if (live) return Promise.resolve(live)
    const abort = new AbortController()
    const promise = this.obtain(server, key, abort.signal)
    const op = { promise, abort }
    this.pending.set(key, op)
    const clear = () => {
      if (this.pending.get(key) === op) this.pending.delete(key)
    }
    promise.then(clear, clear)
    return promise
  }

  /** The live client of a server, without connecting. */
  peek(server: McpServer): ClientEntry | undefined {
    return this.clients.get(getServerKey(server))
  }

  private async obtain(server: McpServer, key: string, signal: AbortSignal): Promise<ClientEntry> {
    const existing = this.clients.get(key)
    if (existing) {
      if (await this.answersPing(existing)) return existing
      // L3: a client that no longer answers is closed for good (its process ended), then replaced
      this.deps.log(server)('warn', `did not answer a ping within ${(this.pingTimeout * (1 + SLOW_PING_FACTOR)) / 1000} s; closing it and reconnecting`)
      this.retire(existing)
    }
    // one live client per server: the one of its config before an edit (another key) ends now,
    // or its process would run on, unseen, until the app quits
    for (const other of [...this.clients.values()]) if (other.server.id === server.id && other.key !== key) this.retire(other)
    this.deps.onStatus(server, 'connecting')
    let connection: Connection
    try {
      connection = await this.deps.connect(server, signal)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.deps.log(server)('error', message)
      this.deps.onStatus(server, signal.aborted ? 'stopped' : 'error', message)
      throw error
    }
    const entry: ClientEntry = { key, server, connection }
    if (signal.aborted || this.shuttingDown) {
      await connection.close()
      throw new McpServerError(server, 'STOPPED', 'stopped while connecting')
    }
    connection.onClosed = () => this.handleClosed(entry)
    this.clients.set(key, entry)
    // it may have died between the handshake and now
    if (connection.closed) this.handleClosed(entry)
    else this.deps.onStatus(server, 'connected')
    return entry
  }

  private get pingTimeout(): number {
    return this.deps.pingTimeoutMs ?? 1000
  }

  /** A client no one is replacing that spoke a moment ago: used as it is. */
  private liveEntry(key: string): ClientEntry | undefined {
    if (this.pending.has(key)) return undefined
    const live = this.clients.get(key)
    return live && this.recentlyHeard(live) ? live : undefined
  }

  private recentlyHeard(entry: ClientEntry): boolean {
    return !entry.connection.closed && Date.now() - entry.connection.lastHeardAt < (this.deps.quietBeforePingMs ?? 2000)
  }

  private async answersPing(entry: ClientEntry): Promise<boolean> {
    if (entry.connection.closed) return false
    if (this.recentlyHeard(entry)) return true
    if (await this.ping(entry, this.pingTimeout)) return true
    if (entry.connection.closed) return false
    // a busy machine can hold an answer past the first second: a server that answers late is slow,
    // not dead, and replacing it would cost the user a restart and whatever the window showed
    const patience = this.pingTimeout * SLOW_PING_FACTOR
    this.deps.log(entry.server)('info', `no answer to a ping within ${this.pingTimeout / 1000} s; waiting up to ${patience / 1000} s more`)
    return this.ping(entry, patience)
  }

  private async ping(entry: ClientEntry, timeout: number): Promise<boolean> {
    try {
      await entry.connection.client.ping({ timeout })
      return true
    } catch {
      return false
    }
  }

  /** L6: a transport that closed on its own → evicted at once, the renderer told, next call reconnects. */
  private handleClosed(entry: ClientEntry): void {
    if (this.clients.get(entry.key) === entry) this.clients.delete(entry.key)
    if (this.intentional.has(entry.connection)) return
    this.intentional.add(entry.connection)
    const reason = 'the connection closed (the server process ended or the transport dropped)'
    this.deps.log(entry.server)('warn', reason)
    this.deps.onStatus(entry.server, 'disconnected', reason)
    // make sure nothing of it is left behind (its process group, an in-memory server half)
    this.track(entry.connection.close())
  }

  /** Takes a client out of service and closes it in the background (tracked for closeAll). */
  private retire(entry: ClientEntry): void {
    if (this.clients.get(entry.key) === entry) this.clients.delete(entry.key)
    this.intentional.add(entry.connection)
    this.track(entry.connection.close())
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch(() => undefined)
    this.closing.add(tracked)
    void tracked.finally(() => this.closing.delete(tracked))
    return tracked
  }

  /**
   * Stop one server (L5): an operation in flight is cancelled and waited for, then the client is
   * closed and its process ended. Resolves when nothing of it runs any more. `status` is what the
   * renderer is told; null for a restart, which tells it "connecting" next.
   */
  async close(server: McpServer, status: ServerStatus | null): Promise<void> {
    const key = getServerKey(server)
    const inFlight = this.pending.get(key)
    if (inFlight) {
      // a pending connect would otherwise hold stop for up to the whole connect timeout
      if (!this.clients.has(key)) inFlight.abort.abort()
      await inFlight.promise.catch(() => undefined)
    }
    // its client, and one still running under an older config of the same server (a key holds the id)
    const entries = [...this.clients.values()].filter((entry) => entry.server.id === server.id)
    for (const entry of entries) {
      this.clients.delete(entry.key)
      this.intentional.add(entry.connection)
    }
    await Promise.all(entries.map((entry) => entry.connection.close()))
    if (status) this.deps.onStatus(server, status)
  }

  /** L8: every client closed and every child process ended; later calls are refused. */
  async closeAll(): Promise<void> {
    this.shuttingDown = true
    for (const op of this.pending.values()) op.abort.abort()
    await Promise.allSettled([...this.pending.values()].map((op) => op.promise))
    const entries = [...this.clients.values()]
    this.clients.clear()
    for (const entry of entries) this.intentional.add(entry.connection)
    await Promise.allSettled(entries.map((entry) => entry.connection.close()))
    await Promise.allSettled([...this.closing])
  }
}
