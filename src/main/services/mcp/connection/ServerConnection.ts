import type { SyslogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { getServerKey } from '@shared/mcp/serverKey'
import type { ServerStatus } from '@shared/mcp/status'
import { needsApprovalError } from '../../servers/serverAccess'
import { ServerCaches } from '../caches'
import type { Connection } from '../connect'
import { McpServerError } from '../errors'
import type { ServerLogs, ServerLogWriter } from '../serverLogs'
import { answersPing, pingPatienceMs, recentlyHeard, type PingTiming } from './liveness'

/**
 * Where one server is (O4): stopped → starting → connected, or failed; disconnected when its
 * transport closed on its own (the next call reconnects); needs-approval when its target was not
 * approved, so nothing was started.
 */
export type ConnectionState = 'stopped' | 'starting' | 'connected' | 'disconnected' | 'failed' | 'needs-approval'

/** What the renderer is told of each state change (the wire keeps its older names). */
const STATUS: Record<Exclude<ConnectionState, 'needs-approval'>, ServerStatus> = {
  stopped: 'stopped',
  starting: 'connecting',
  connected: 'connected',
  disconnected: 'disconnected',
  failed: 'error'
}

/** The live client of the config it was started with. */
export interface Live {
  key: string
  server: McpServer
  connection: Connection
}

export interface ConnectionDeps extends PingTiming {
  /** starts the server as configured; `owner` receives its caches, roots and notifications */
  connect(server: McpServer, signal: AbortSignal, owner: ServerConnection): Promise<Connection>
  /** O2: may this exact config run? Nothing is started otherwise */
  trust(server: McpServer): boolean
  onStatus(server: McpServer, status: ServerStatus, error?: { message: string; code?: string }): void
  logs: ServerLogs
  /** the clock cache TTLs run on */
  now?: () => number
}

interface Pending {
  key: string
  promise: Promise<Live>
  abort: AbortController
}

/**
 * Everything of one server in one place (O4): its live client (one process at a time), the
 * connect in flight, its list caches, the folders it sees, its resource subscriptions and its
 * log. Single flight per config (L2), ping-or-replace on reuse (L3), eviction the moment its
 * transport closes (L6); `dispose()` ends all of it at once.
 */
export class ServerConnection {
  state: ConnectionState = 'stopped'
  readonly caches: ServerCaches
  /** Q1: the folders it sees now; updateRoots changes them while connected */
  roots: string[] = []
  /** resources it was asked to report updates of; they end with its connection */
  readonly subscriptions = new Set<string>()
  /** the level logging/setLevel asked of this session; a new session starts at the server's default */
  logLevel: SyslogLevel | undefined
  /** the host's own lines (tool calls, cancels), made once per start: a call only appends */
  hostLog: ServerLogWriter | undefined
  private live: Live | undefined
  private pending: Pending | undefined
  /** replaced or evicted clients still shutting down; close waits for them */
  private readonly closing = new Set<Promise<void>>()
  /** connections closed on purpose: their close is not a "disconnected" */
  private readonly intentional = new WeakSet<Connection>()
  private shuttingDown = false

  constructor(
    readonly id: string,
    private readonly deps: ConnectionDeps
  ) {
    this.caches = new ServerCaches(deps.now)
  }

  /** A writer into this server's log (kept by id, so it spans edits of its config). */
  log(server: McpServer, source?: string, started?: McpServer): ServerLogWriter {
    return this.deps.logs.writer(server, source, started)
  }

  /**
   * The hot path of every call: the live client of this config, when it spoke a moment ago, used
   * without a promise hop. Otherwise `get`.
   */
  ready(server: McpServer): Live | undefined {
    const live = this.live
    if (this.shuttingDown || this.pending || !live || !recentlyHeard(live.connection, this.deps)) return undefined
    return live.key === getServerKey(server) ? live : undefined
  }

  /** Q1: new folders for the server; a connected one is told with roots/list_changed. */
  async setRoots(server: McpServer, next: string[]): Promise<boolean> {
    const before = this.roots
    this.roots = next
    const live = this.peek()
    if (!live || live.connection.closed || sameList(before, next)) return false
    await live.connection.client.sendRootsListChanged()
    this.log(server)('info', `roots changed: ${next.length} folder(s)`)
    return true
  }

  /** The live client, without connecting. */
  peek(): Live | undefined {
    return this.live
  }

  /** L2: concurrent callers for one config share one promise, so N callers → one process. */
  get(server: McpServer): Promise<Live> {
    if (this.shuttingDown) return Promise.reject(new McpServerError(server, 'STOPPED', 'the app is shutting down'))
    const key = getServerKey(server)
    if (this.pending?.key === key) return this.pending.promise
    const ready = this.ready(server)
    if (ready) return Promise.resolve(ready)
    // another config is still connecting: it is replaced, and this one waits for it to end
    const before = this.pending
    before?.abort.abort()
    const abort = new AbortController()
    const promise = (before ? before.promise.then(noop, noop) : Promise.resolve()).then(() => this.obtain(server, key, abort.signal))
    const op: Pending = { key, promise, abort }
    this.pending = op
    const clear = () => {
      if (this.pending === op) this.pending = undefined
    }
    promise.then(clear, clear)
    return promise
  }

  private async obtain(server: McpServer, key: string, signal: AbortSignal): Promise<Live> {
    if (signal.aborted) throw new McpServerError(server, 'STOPPED', 'replaced by a newer configuration while connecting')
    const existing = this.live
    if (existing?.key === key) {
      if (await answersPing(existing.connection, this.deps, (line) => this.log(server)('info', line))) return existing
      // L3: a client that no longer answers is closed for good (its process ended), then replaced
      this.log(server)('warning', `did not answer a ping within ${pingPatienceMs(this.deps) / 1000} s; closing it and reconnecting`)
    }
    // one live client per server: the one of its config before an edit ends now, or its process
    // would run on, unseen, until the app quits
    if (existing) this.retire(existing)
    if (!this.deps.trust(server)) {
      // what ran before (an older config) has ended: the window must not go on showing it connected
      if (existing) this.deps.onStatus(server, 'stopped')
      this.state = 'needs-approval'
      throw needsApprovalError(server)
    }
    this.setState(server, 'starting')
    let connection: Connection
    try {
      connection = await this.deps.connect(server, signal, this)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const code = (error as { code?: unknown } | undefined)?.code
      this.log(server)('error', message)
      this.setState(server, signal.aborted ? 'stopped' : 'failed', { message, code: typeof code === 'string' ? code : undefined })
      throw error
    }
    if (signal.aborted || this.shuttingDown) {
      this.intentional.add(connection)
      await connection.close()
      throw new McpServerError(server, 'STOPPED', 'stopped while connecting')
    }
    const live: Live = { key, server, connection }
    connection.onClosed = () => this.handleClosed(live)
    this.live = live
    // it may have died between the handshake and now
    if (connection.closed) this.handleClosed(live)
    else this.setState(server, 'connected')
    return live
  }

  private setState(server: McpServer, state: Exclude<ConnectionState, 'needs-approval'>, error?: { message: string; code?: string }): void {
    this.state = state
    this.deps.onStatus(server, STATUS[state], error)
  }

  /** L6: a transport that closed on its own → evicted at once, the renderer told, next call reconnects. */
  private handleClosed(live: Live): void {
    if (this.live === live) this.live = undefined
    if (this.intentional.has(live.connection)) return
    this.intentional.add(live.connection)
    this.endSession()
    const reason = 'the connection closed (the server process ended or the transport dropped)'
    this.log(live.server)('warning', reason)
    this.setState(live.server, 'disconnected', { message: reason, code: 'SERVER_EXITED' })
    // make sure nothing of it is left behind (its process group, an in-memory server half)
    this.track(live.connection.close())
  }

  /** Takes a client out of service and closes it in the background (close waits for it). */
  private retire(live: Live): void {
    if (this.live === live) this.live = undefined
    this.intentional.add(live.connection)
    this.track(live.connection.close())
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(noop)
    this.closing.add(tracked)
    void tracked.finally(() => this.closing.delete(tracked))
  }

  /**
   * Stop (L5): a connect in flight is cancelled and waited for, then the client is closed and
   * its process ended. Resolves when nothing of it runs any more. `status` is what the renderer
   * is told; null for a restart, which tells it "connecting" next.
   */
  async close(server: McpServer, status: 'stopped' | null): Promise<void> {
    const inFlight = this.pending
    if (inFlight) {
      // a pending connect would otherwise hold stop for up to the whole connect timeout
      if (!this.live) inFlight.abort.abort()
      await inFlight.promise.catch(noop)
    }
    if (this.live) this.retire(this.live)
    await Promise.all([...this.closing])
    this.endSession()
    this.state = 'stopped'
    if (status) this.deps.onStatus(server, status)
  }

  /** What the server was asked during a session (watched resources, its log level) ends with it. */
  private endSession(): void {
    this.subscriptions.clear()
    this.logLevel = undefined
  }

  /** L8: closed for good; later calls are refused. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true
    this.pending?.abort.abort()
    await this.pending?.promise.catch(noop)
    if (this.live) this.retire(this.live)
    await Promise.all([...this.closing])
    this.state = 'stopped'
  }

  /** The server is removed: its process, caches, subscriptions and log all end here, at once. */
  async dispose(): Promise<void> {
    await this.shutdown()
    this.caches.dropAll()
    this.endSession()
    this.roots = []
    this.deps.logs.remove(this.id)
  }
}

function noop(): void {}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
