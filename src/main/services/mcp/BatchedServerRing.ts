/** How long the first entry of a burst waits for the rest before they go out together. */
export const FLUSH_MS = 50

/**
 * An entry as written (with what it takes to redact it, such as its server's secret values), and
 * the redacted entry once someone read it. The writer makes it; nothing else is allocated per
 * entry.
 */
export interface Redactable<Out> {
  redacted?: Out
}

/** The entry as it may leave: redacted once, then only copied, so no reader can change it for the next. */
export function readRedacted<Raw extends Redactable<Out>, Out extends object>(raw: Raw, redact: (raw: Raw) => Out): Out {
  raw.redacted ??= redact(raw)
  return { ...raw.redacted }
}

export interface BatchedServerRingOptions<Raw, Out> {
  maxEntries: number
  flushMs?: number
  /** what may leave this process, made from a raw entry at most once, when it is pushed or read */
  redact: (raw: Raw) => Out
  send: (serverId: string, entries: Out[]) => void
}

/** One server's last `capacity` entries: appending is O(1) even when every append drops the oldest. */
class Ring<Raw> {
  private readonly items: Raw[] = []
  private start = 0
  /** entries written since the last push, at most `capacity` (older ones are out of the ring) */
  pending = 0

  constructor(
    readonly serverId: string,
    private readonly capacity: number
  ) {}

  push(raw: Raw): void {
    if (this.items.length < this.capacity) this.items.push(raw)
    else {
      this.items[this.start] = raw
      this.start = (this.start + 1) % this.capacity
    }
    if (this.pending < this.capacity) this.pending++
  }

  /** The newest `count` entries (all by default), oldest first, each as `read` makes it. */
  last<Out>(read: (raw: Raw) => Out, count = this.items.length): Out[] {
    const n = Math.min(Math.max(count, 0), this.items.length)
    const out = new Array<Out>(n)
    const first = this.items.length - n
    for (let i = 0; i < n; i++) out[i] = read(this.items[(this.start + first + i) % this.items.length])
    return out
  }
}

/**
 * The last `maxEntries` of something per server (log lines, JSON-RPC messages), kept by server
 * id (so they span restarts, edits and a server stopping), kept raw and pushed in batches: a flood
 * costs one push per flush, and only the entries still in the ring when it goes out are ever
 * redacted, not every one written. Reads are copies.
 */
export class BatchedServerRing<Raw extends Redactable<Out>, Out extends object> {
  private readonly rings = new Map<string, Ring<Raw>>()
  /** rings with entries not pushed yet, in the order they got their first */
  private waiting: Ring<Raw>[] = []
  private timer: NodeJS.Timeout | undefined
  private readonly read: (raw: Raw) => Out

  constructor(private readonly options: BatchedServerRingOptions<Raw, Out>) {
    const { maxEntries, redact } = options
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error(`BatchedServerRing: maxEntries must be a positive integer, got ${maxEntries}`)
    this.read = (raw) => readRedacted(raw, redact)
  }

  /** The hot path: no allocation but the server's first ring. */
  append(serverId: string, raw: Raw): void {
    let ring = this.rings.get(serverId)
    if (!ring) {
      ring = new Ring<Raw>(serverId, this.options.maxEntries)
      this.rings.set(serverId, ring)
    }
    if (ring.pending === 0) this.waiting.push(ring)
    ring.push(raw)
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushMs ?? FLUSH_MS)
      this.timer.unref()
    }
  }

  /** A server's entries, oldest first. */
  get(serverId: string): Out[] {
    return this.rings.get(serverId)?.last(this.read) ?? []
  }

  /** Forgets a server's entries, those waiting to be pushed too. */
  remove(serverId: string): void {
    const ring = this.rings.get(serverId)
    if (!ring) return
    ring.pending = 0
    this.rings.delete(serverId)
  }

  /** Sends whatever is queued now (on close, so the last words of a dying server arrive). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const waiting = this.waiting
    this.waiting = []
    for (const ring of waiting) {
      const count = ring.pending
      // a ring removed since it was queued has nothing pending
      if (count === 0) continue
      ring.pending = 0
      this.options.send(ring.serverId, ring.last(this.read, count))
    }
  }
}
