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
  private pruneAt: number
  /** characters of arguments and results the pending spans hold for their later work */
  weight = 0

  constructor(private readonly bounds: StoreBounds) {
    this.pruneAt = this.floor()
  }

  add(span: LazySpan): void {
    this.spans.push(span)
    // pruning walks them all, so it runs when their number doubled: constant work per span
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

  /** Keeps, newest first, what fits the bounds per server and in all; drops the rest unbuilt. */
  private prune(): void {
    const perServer = new Map<string, number>()
    const kept: LazySpan[] = []
    for (let i = this.spans.length - 1; i >= 0; i--) {
      const span = this.spans[i]
      const count = perServer.get(span.serverId) ?? 0
      if (count < this.bounds.perServer && kept.length < this.bounds.total) {
        perServer.set(span.serverId, count + 1)
        kept.push(span)
      } else {
        this.weight -= span.weight
        span.discard()
      }
    }
    this.spans = kept.reverse()
    this.pruneAt = Math.max(2 * kept.length, this.floor())
  }

  private floor(): number {
    return 2 * Math.min(this.bounds.perServer, this.bounds.total) + 64
  }
}
