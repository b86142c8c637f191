import type { ServerLogEntry } from '@shared/mcp/logs'

/** How many lines the renderer keeps per server; main keeps far fewer, so this is the history. */
export const RENDERER_LOG_LIMIT = 10_000

type Listener = () => void

/**
 * Server logs outside Redux: a flood of lines would otherwise run every reducer, the dev-mode
 * checks and every selector per batch. Snapshots are immutable arrays, as useSyncExternalStore wants.
 */
export class ServerLogStore {
  private readonly logs = new Map<string, readonly ServerLogEntry[]>()
  private readonly listeners = new Map<string, Set<Listener>>()
  /** servers whose main-side buffer was already merged in */
  private readonly seeded = new Set<string>()

  constructor(private readonly limit = RENDERER_LOG_LIMIT) {}

  get(serverId: string): readonly ServerLogEntry[] {
    return this.logs.get(serverId) ?? EMPTY
  }

  append(serverId: string, entries: readonly ServerLogEntry[]): void {
    if (entries.length === 0) return
    this.set(serverId, [...this.get(serverId), ...entries])
  }

  /**
   * Merges what main still holds (the lines from before this window listened): only the lines
   * older than the first one already here, so nothing is shown twice.
   */
  seed(serverId: string, entries: readonly ServerLogEntry[]): void {
    if (this.seeded.has(serverId)) return
    this.seeded.add(serverId)
    const current = this.get(serverId)
    const first = current[0]
    const older = first ? entries.filter((e) => e.timestamp < first.timestamp) : entries
    if (older.length) this.set(serverId, [...older, ...current])
  }

  isSeeded(serverId: string): boolean {
    return this.seeded.has(serverId)
  }

  clear(serverId: string): void {
    this.set(serverId, EMPTY)
  }

  remove(serverId: string): void {
    this.logs.delete(serverId)
    this.seeded.delete(serverId)
    this.notify(serverId)
  }

  subscribe(serverId: string, listener: Listener): () => void {
    const set = this.listeners.get(serverId) ?? new Set()
    set.add(listener)
    this.listeners.set(serverId, set)
    return () => set.delete(listener)
  }

  private set(serverId: string, entries: readonly ServerLogEntry[]): void {
    this.logs.set(serverId, entries.length > this.limit ? entries.slice(entries.length - this.limit) : entries)
    this.notify(serverId)
  }

  private notify(serverId: string): void {
    for (const listener of this.listeners.get(serverId) ?? []) listener()
  }
}

const EMPTY: readonly ServerLogEntry[] = Object.freeze([])
