import type { ServerLogEntry } from '@shared/mcp/logs'

/** A fixed-size ring: appending is O(1) even when every append drops the oldest entry. */
class Ring<T> {
  private readonly items: T[] = []
  private start = 0

  constructor(private readonly capacity: number) {}

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item)
    else {
      this.items[this.start] = item
      this.start = (this.start + 1) % this.capacity
    }
  }

  /** The newest `count` items (all by default), oldest first, as a new array. */
  last(count = this.items.length): T[] {
    const n = Math.min(Math.max(count, 0), this.items.length)
    const out = new Array<T>(n)
    const first = this.items.length - n
    for (let i = 0; i < n; i++) out[i] = this.items[(this.start + first + i) % this.items.length]
    return out
  }
}

/**
 * The last `maxEntries` log entries of each server. Bounded, so a server flooding stderr
 * cannot grow memory; reads are copies, so callers cannot change what the next reader sees.
 */
export class ServerLogBuffer<T = ServerLogEntry> {
  private readonly logs = new Map<string, Ring<T>>()

  constructor(readonly maxEntries = 200) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error(`ServerLogBuffer: maxEntries must be a positive integer, got ${maxEntries}`)
  }

  append(serverId: string, entry: T): void {
    let ring = this.logs.get(serverId)
    if (!ring) {
      ring = new Ring<T>(this.maxEntries)
      this.logs.set(serverId, ring)
    }
    ring.push(entry)
  }

  /** Every kept entry of a server, oldest first (a copy). */
  get(serverId: string): T[] {
    return this.logs.get(serverId)?.last() ?? []
  }

  /** The newest `count` kept entries of a server, oldest first (a copy). */
  tail(serverId: string, count: number): T[] {
    return this.logs.get(serverId)?.last(count) ?? []
  }

  remove(serverId: string): void {
    this.logs.delete(serverId)
  }
}
