import { needsRestart } from '@shared/mcp/launchSpec'
import type { ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import type { ServerState, ServerStatusEvent } from '@shared/mcp/status'
import type { McpEventBus } from '../mcp/events'
import { RetryPolicy, type RetryTiming } from './retryPolicy'

/** What the manager reads: the registry's wants. */
export interface WantedServers {
  snapshot(): ServersSnapshot
  onChanged(listener: (snapshot: ServersSnapshot) => void): () => void
}

/** What the manager drives: the host's connections. */
export interface ServerLives {
  readonly events: McpEventBus
  initClient(server: McpServer): Promise<unknown>
  stopServer(server: McpServer): Promise<void>
  removeServer(server: McpServer): Promise<void>
  updateRoots(server: McpServer): Promise<boolean>
  noteRetry(server: McpServer, at: number): void
}

interface Known {
  server: McpServer
  approved: boolean
}

/**
 * Main owns each server's life, with or without a window: it reconciles what the registry wants
 * (each server's definition, its active switch, its approval) with the live connections. At start
 * it starts the active, approved servers; on every change of the list (a window, another window,
 * the CLI in another process) it stops a server switched off, restarts one whose launch spec
 * changed, asks for approval of one whose target is new, removes a deleted one, and does nothing
 * for a cosmetic edit. A server that ended on its own is started again with back-off.
 *
 * The work for one server runs in order (a chain per id), so a quick off-on-off ends off.
 */
export class ServerManager {
  private known = new Map<string, Known>()
  private readonly chains = new Map<string, Promise<void>>()
  private readonly retries: RetryPolicy
  private readonly lastStatus = new Map<string, ServerState['status']>()
  private offs: Array<() => void> = []

  constructor(
    private readonly wanted: WantedServers,
    private readonly lives: ServerLives,
    timing: RetryTiming = {}
  ) {
    this.retries = new RetryPolicy(timing)
  }

  /** Starts what is wanted now and follows every change. Returns the stop. */
  start(): () => void {
    this.offs.push(this.wanted.onChanged((snapshot) => this.reconcile(snapshot)))
    const onStatus = (event: ServerStatusEvent) => this.onStatus(event)
    this.lives.events.on('server-status', onStatus)
    this.offs.push(() => void this.lives.events.off('server-status', onStatus))
    this.reconcile(this.wanted.snapshot())
    return () => this.stop()
  }

  /** Stops following; what runs is ended by the host's own shutdown. */
  stop(): void {
    for (const off of this.offs) off()
    this.offs = []
    this.retries.cancelAll()
  }

  /** Waits for the work already asked of each server (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.chains.values()])
  }

  private reconcile(snapshot: ServersSnapshot): void {
    const next = new Map<string, Known>()
    for (const server of snapshot.servers) next.set(server.id, { server, approved: snapshot.approved[server.id] === true })
    for (const [id, before] of this.known) {
      if (!next.has(id)) this.removed(before.server)
    }
    for (const [id, now] of next) this.changed(this.known.get(id), now)
    this.known = next
  }

  private removed(server: McpServer): void {
    this.retries.forget(server.id)
    this.lastStatus.delete(server.id)
    this.queue(server.id, () => this.lives.removeServer(server))
  }

  private changed(before: Known | undefined, now: Known): void {
    const { server } = now
    const wasOn = before?.server.isActive === true
    if (!server.isActive) {
      if (wasOn) {
        this.retries.forget(server.id)
        this.queue(server.id, () => this.lives.stopServer(server))
      }
      return
    }
    const launchChanged = !before || needsRestart(before.server, server)
    // new folders reach a running server without a restart
    if (before && !launchChanged && !sameList(before.server.roots, server.roots)) {
      this.queue(server.id, () => this.lives.updateRoots(server).then(() => undefined))
    }
    // nothing that decides what runs changed: a cosmetic edit
    if (wasOn && !launchChanged && before.approved === now.approved) return
    this.retries.forget(server.id)
    // an unapproved target is not started: the connection says it needs approval (and ends
    // what ran under the target before)
    this.queue(server.id, () => this.lives.initClient(server))
  }

  /**
   * A server that ended on its own after it ran (its process exited, the transport dropped) is
   * tried again, with back-off. One that fails to start keeps its reason until the user retries.
   */
  private onStatus({ serverId, state }: ServerStatusEvent): void {
    const before = this.lastStatus.get(serverId)
    this.lastStatus.set(serverId, state.status)
    if (state.status === 'connected') {
      this.retries.connected(serverId)
      return
    }
    if (state.status !== 'failed' || state.code !== 'SERVER_EXITED' || state.retryAt) return
    // a crash while it ran, or a try of a series already under way
    if (before !== 'connected' && !this.retries.retrying(serverId)) return
    const known = this.known.get(serverId)
    if (!known?.server.isActive || !known.approved) return
    const at = this.retries.schedule(serverId, () => {
      const current = this.known.get(serverId)
      if (current?.server.isActive && current.approved) this.queue(serverId, () => this.lives.initClient(current.server))
    })
    if (at !== undefined) this.lives.noteRetry(known.server, at)
  }

  /** Runs `work` after what was asked of this server before; its failure is in the server's state. */
  private queue(id: string, work: () => Promise<unknown>): void {
    const run = (this.chains.get(id) ?? Promise.resolve()).then(work).then(noop, noop)
    this.chains.set(id, run)
    void run.then(() => {
      if (this.chains.get(id) === run) this.chains.delete(id)
    })
  }
}

function noop(): void {}

function sameList(a: readonly string[] = [], b: readonly string[] = []): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
