import { ServerLogBuffer } from './ServerLogBuffer'

export interface BatchedServerRingOptions<Raw, Out> {
  maxEntries: number
  /** how long the first entry of a burst waits for the rest before they go out together */
  flushMs: number
  /** what may leave this process: made from a raw entry only when it is pushed or read */
  toOut: (raw: Raw) => Out
  send: (serverId: string, entries: Out[]) => void
}

/**
 * The last `maxEntries` of something per server (log lines, JSON-RPC messages), kept raw and
 * pushed in batches: a flood costs one push per flush, and only the entries still in the ring
 * when it goes out are ever turned into what leaves (redacted), not every one written.
 */
export class BatchedServerRing<Raw, Out> {
  private readonly buffer: ServerLogBuffer<Raw>
  /** server id → how many entries were written since the last push */
  private readonly pending = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly options: BatchedServerRingOptions<Raw, Out>) {
    this.buffer = new ServerLogBuffer<Raw>(options.maxEntries)
  }

  append(serverId: string, raw: Raw): void {
    this.buffer.append(serverId, raw)
    this.pending.set(serverId, Math.min((this.pending.get(serverId) ?? 0) + 1, this.options.maxEntries))
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs)
      this.timer.unref()
    }
  }

  /** A server's entries, oldest first, kept by id (so they span restarts and edits). */
  get(serverId: string): Out[] {
    return this.buffer.get(serverId).map(this.options.toOut)
  }

  remove(serverId: string): void {
    this.buffer.remove(serverId)
    this.pending.delete(serverId)
  }

  /** Sends whatever is queued now (on close, so the last words of a dying server arrive). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const batches = [...this.pending]
    this.pending.clear()
    for (const [serverId, count] of batches) {
      // the window only ever shows the last maxEntries; older ones are already out of the ring
      const entries = this.buffer.tail(serverId, count).map(this.options.toOut)
      if (entries.length) this.options.send(serverId, entries)
    }
  }
}
