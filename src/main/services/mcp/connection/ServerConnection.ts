import type { SyslogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { launchKey } from '@shared/mcp/launchSpec'
import { STOPPED, type ServerState } from '@shared/mcp/status'
import { needsApprovalError } from '../../servers/serverAccess'
import { ServerCaches } from '../caches'
import type { Connection } from '../connect'
import { McpServerError } from '../errors'
import type { ServerLogs, ServerLogWriter } from '../serverLogs'
import { HOST_LOG_SOURCE } from '../toolCallLog'
import { answersPing, pingPatienceMs, recentlyHeard, type PingTiming } from './liveness'

/** The live client of the definition it was started with. */
export interface Live {
  key: string
  server: McpServer
  connection: Connection
}

export interface ConnectionDeps extends PingTiming {
  /** starts the server as defined; `owner` receives its caches, roots and notifications */
  connect(server: McpServer, signal: AbortSignal, owner: ServerConnection): Promise<Connection>
  /** may this exact definition run? Nothing is started otherwise */
  trust(server: McpServer): boolean
  /** told every change of state, after it happened */
  onState(server: McpServer, state: ServerState): void
  /** secrets out of an error message before it becomes part of the state */
  redact(text: string): string
  logs: ServerLogs
  /** the clock cache TTLs run on */
  now?: () => number
}

interface Pending {
  key: string
  promise: Promise<Live>
  abort: AbortController
}

const EXITED = 'the connection closed (the server process ended or the transport dropped)'

/**
 * Everything of one server in one place: its definition, its state, its live client (one process
 * at a time), the connect in flight, its list caches, the folders it sees, its resource
 * subscriptions and its log. Single flight per definition, ping-or-replace on reuse, eviction the
 * moment its transport closes; `dispose()` ends all of it at once.
 *
 * `state` has one writer, `setState`, and is never assigned from outside.
 */
export class ServerConnection {
  readonly caches: ServerCaches
  private current: ServerState = STOPPED
  private defined: McpServer | undefined
  private folders: string[] = []
  /** resources it was asked to report updates of; they end with its connection */
  private readonly watched = new Set<string>()
  private level: SyslogLevel | undefined
  /** the host's own lines (tool calls, cancels), made once per start: a call only appends */
  private hostWriter: ServerLogWriter | undefined
  private live: Live | undefined
  private pending: Pending | undefined
  /** replaced or evicted clients still shutting down; close waits for them */
  private readonly closing = new Set<Promise<void>>()
  /** connections closed on purpose: their close is not an exit */
  private readonly intentional = new WeakSet<Connection>()
  private shuttingDown = false

  constructor(
    readonly id: string,
    private readonly deps: ConnectionDeps
  ) {
    this.caches = new ServerCaches(deps.now)
  }

  get state(): ServerState {
    return this.current
  }

  /** The definition it was last asked to run (undefined before the first). */
  get definition(): McpServer | undefined {
    return this.defined
  }

  get roots(): readonly string[] {
    return this.folders
  }

  get subscriptions(): ReadonlySet<string> {
    return this.watched
  }

  /** the level logging/setLevel asked of this session; a new session starts at the server's default */
  get logLevel(): SyslogLevel | undefined {
    return this.level
  }

  /** A writer into this server's log (kept by id, so it spans edits of its definition). */
  log(server: McpServer, source?: string, started?: McpServer): ServerLogWriter {
    return this.deps.logs.writer(server, source, started)
  }

  /** The host's lines of the running session (or a new writer before the first start). */
  hostLog(server: McpServer): ServerLogWriter {
    return this.hostWriter ?? this.log(server, HOST_LOG_SOURCE)
  }

  /**
   * A start is under way with `started` (placeholders filled in): its folders and its host log
   * writer are set up once here, so each call only appends.
   */
  beginSession(configured: McpServer, started: McpServer): void {
    this.hostWriter = this.log(configured, HOST_LOG_SOURCE, started)
    this.folders = started.roots ?? []
  }

  watch(uri: string, on: boolean): void {
    if (on) this.watched.add(uri)
    else this.watched.delete(uri)
  }

  noteLogLevel(server: McpServer, level: SyslogLevel): void {
    this.level = level
    this.hostLog(server)('info', `asked the server for log messages from "${level}" up`)
  }

  /**
   * The hot path of every call: the live client of this definition, when it spoke a moment ago,
   * used without a promise hop. Otherwise `get`.
   */
  ready(server: McpServer): Live | undefined {
    const live = this.live
    if (this.shuttingDown || this.pending || !live || !recentlyHeard(live.connection, this.deps)) return undefined
    // definitions are values main never changes in place: the very object it started with needs no key (about 1 µs a call)
    return live.server === server || live.key === launchKey(server) ? live : undefined
  }

  /** New folders for the server; a connected one is told with roots/list_changed. */
  async setRoots(server: McpServer, next: string[]): Promise<boolean> {
    const before = this.folders
    this.folders = next
    const live = this.live
    if (!live || live.connection.closed || sameList(before, next)) return false
    await live.connection.client.sendRootsListChanged()
    this.log(server)('info', `roots changed: ${next.length} folder(s)`)
    return true
  }

  /** The live client, without connecting. */
  peek(): Live | undefined {
    return this.live
  }

  /** Concurrent callers for one definition share one promise, so N callers → one process. */
  get(server: McpServer): Promise<Live> {
    if (this.shuttingDown) return Promise.reject(new McpServerError(server, 'STOPPED', 'the app is shutting down'))
    this.defined = server
    const key = launchKey(server)
    if (this.pending?.key === key) return this.pending.promise
    const ready = this.ready(server)
    if (ready) return Promise.resolve(ready)
    // another definition is still connecting: it is replaced, and this one waits for it to end
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
      // a client that no longer answers is closed for good (its process ended), then replaced
      this.log(server)('warning', `did not answer a ping within ${pingPatienceMs(this.deps) / 1000} s; closing it and reconnecting`)
    }
    // one live client per server: the one of its definition before an edit ends now, or its
    // process would run on, unseen, until the app quits
    if (existing) this.retire(existing)
    if (!this.deps.trust(server)) {
      this.setState(server, { status: 'needs-approval' })
      throw needsApprovalError(server)
    }
    this.setState(server, { status: 'starting' })
    let connection: Connection
    try {
      connection = await this.deps.connect(server, signal, this)
    } catch (error) {
      this.log(server)('error', error instanceof Error ? error.message : String(error))
      this.setState(server, signal.aborted ? STOPPED : this.failure(error))
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
    else this.setState(server, { status: 'connected' })
    return live
  }

  /** What an error makes of the state: a sign-in to wait for, or a failure with its code. */
  private failure(error: unknown): ServerState {
    const message = this.deps.redact(error instanceof Error ? error.message : String(error))
    const code = (error as { code?: unknown } | undefined)?.code
    if (code === 'NEEDS_SIGN_IN') return { status: 'needs-sign-in', message }
    return { status: 'failed', code: typeof code === 'string' ? code : 'CONNECT_FAILED', message }
  }

  /** The one writer of `state`; `tell: false` for a stop the next state follows at once (a restart). */
  private setState(server: McpServer | undefined, state: ServerState, tell = true): void {
    this.current = state
    if (tell && server) this.deps.onState(server, state)
  }

  /** A transport that closed on its own: evicted at once, the state says so, the next call reconnects. */
  private handleClosed(live: Live): void {
    if (this.live === live) this.live = undefined
    if (this.intentional.has(live.connection)) return
    this.intentional.add(live.connection)
    this.endSession()
    this.log(live.server)('warning', EXITED)
    this.setState(live.server, { status: 'failed', code: 'SERVER_EXITED', message: EXITED })
    // make sure nothing of it is left behind (its process group, an in-memory server half)
    this.track(live.connection.close())
  }

  /**
   * The session of `connection` was lost for a reason the user must act on (a refresh token that
   * no longer works): that connection is closed, and the state says why. Only that one: by the
   * time this runs the user may have pressed Sign in, whose connect is then left alone.
   */
  async lose(server: McpServer, error: unknown, connection: Connection): Promise<void> {
    const live = this.live
    if (live?.connection !== connection) return
    this.retire(live)
    await Promise.all([...this.closing])
    if (this.live || this.pending) return
    this.endSession()
    this.setState(server, this.failure(error))
  }

  /** A start refused before it connected (the user's Sign in failed): stopped, and the state says why. */
  async refused(server: McpServer, error: unknown): Promise<void> {
    await this.close(server, 'restart')
    this.setState(server, this.failure(error))
  }

  /** A failed server will be tried again at `at` (ms since the epoch): the state says when. */
  retryAt(server: McpServer, at: number): void {
    if (this.current.status === 'failed') this.setState(server, { ...this.current, retryAt: at })
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
   * Stop: a connect in flight is cancelled and waited for, then the client is closed and its
   * process ended. Resolves when nothing of it runs any more. A `restart` says nothing of the
   * stop: the state goes on to `starting` with the connect that follows.
   */
  async close(server: McpServer, why: 'stop' | 'restart'): Promise<void> {
    const inFlight = this.pending
    if (inFlight) {
      // a pending connect would otherwise hold stop for up to the whole connect timeout
      if (!this.live) inFlight.abort.abort()
      await inFlight.promise.catch(noop)
    }
    if (this.live) this.retire(this.live)
    await Promise.all([...this.closing])
    this.endSession()
    this.setState(server, STOPPED, why === 'stop')
  }

  /** What the server was asked during a session (watched resources, its log level) ends with it. */
  private endSession(): void {
    this.watched.clear()
    this.level = undefined
  }

  /** Closed for good; later calls are refused. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true
    this.pending?.abort.abort()
    await this.pending?.promise.catch(noop)
    if (this.live) this.retire(this.live)
    await Promise.all([...this.closing])
    this.setState(this.defined, STOPPED, false)
  }

  /** The server is removed: its process, caches, subscriptions and log all end here, at once. */
  async dispose(): Promise<void> {
    await this.shutdown()
    this.caches.dropAll()
    this.endSession()
    this.folders = []
    this.deps.logs.remove(this.id)
  }
}

function noop(): void {}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
