import type { LazySpan } from './LazySpan'

export interface StoreBounds {
  perServer: number
  total: number
}

/**
 * Spans not built yet, oldest first, bounded as the store is: past a bound the oldest are
 * dropped unbuilt, since the store would evict them the moment newer ones arrived. So a host
 * nobody inspects holds at most what the store would, and pays nothing for what it drops.
 */
export class PendingSpans {
  private spans: LazySpan[] = []
  /** spans kept per server, during a prune */
  private readonly counts = new Map<string, number>()
  private pruneAt: number
  /** characters of arguments and results the pending spans hold for their later work */
  weight = 0

  constructor(private readonly bounds: StoreBounds) {
    this.pruneAt = this.floor()
  }

  add(span: LazySpan): void {
    this.spans.push(span)
    if (this.spans.length >= this.pruneAt) this.prune()
  }

  /** All of them, for building, bounded first; the list is then empty. */
  take(): LazySpan[] {
    this.prune()
    const spans = this.spans
    this.spans = []
    this.weight = 0
    return spans
  }

  /** Forgets them all, unbuilt (the store was cleared). */
  clear(): void {
    for (const span of this.spans) span.discard()
    this.spans = []
    this.weight = 0
  }

  get size(): number {
    return this.spans.length
  }

  /**
   * Keeps, newest first, what fits the bounds per server and in all; drops the rest unbuilt.
   * Compacts the list in place, counting per server in a map kept between runs: a prune makes
   * no garbage of its own.
   */
  private prune(): void {
    const spans = this.spans
    const counts = this.counts
    // newest first, decide; the kept move to the end of the list, in their order
    let write = spans.length
    for (let i = spans.length - 1; i >= 0; i--) {
      const span = spans[i]
      const count = counts.get(span.serverId) ?? 0
      if (count < this.bounds.perServer && spans.length - write < this.bounds.total) {
        counts.set(span.serverId, count + 1)
        spans[--write] = span
      } else {
        this.weight -= span.weight
        span.discard()
      }
    }
    const kept = spans.length - write
    if (write > 0) {
      for (let i = 0; i < kept; i++) spans[i] = spans[write + i]
      spans.length = kept
    }
    // empty between prunes (it would keep server ids alive otherwise)
    counts.clear()
    // a quarter more before the next prune: each costs a walk of them all, so about five steps a
    // span, and what is held unread stays near the bound (the old generation it lands in is kept small)
    this.pruneAt = Math.max(kept + Math.ceil(kept / 4), this.floor())
  }

  private floor(): number {
    const bound = Math.min(this.bounds.perServer, this.bounds.total)
    return bound + Math.max(64, Math.ceil(bound / 4))
  }
}
