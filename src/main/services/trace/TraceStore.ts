import type { Context } from '@opentelemetry/api'
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { ROUTINE_OPERATIONS, TRACE_ATTR, type TraceListFilter, type TraceSpan, type TraceSpansEvent, type TraceSummary } from '@shared/trace/spans'
import { throttle } from '../mcp/throttle'
import { IdQueue } from './idQueue'
import { toTraceSpan } from './spanDto'

export interface TraceStoreOptions {
  /** spans kept per server (and for spans of no server); the oldest go first */
  perServer?: number
  /** spans kept in all */
  total?: number
  /** how often at most new and changed spans are pushed */
  pushMs?: number
}

export const DEFAULT_SPANS_PER_SERVER = 1000
export const DEFAULT_SPANS_TOTAL = 10_000
const NO_SERVER = ''

/**
 * The Trace window's memory: a span processor keeping the most recent spans, running
 * ones included, bounded per server and in all, so a host that runs for weeks holds the same
 * amount. New and changed spans are pushed in throttled batches, like the server log.
 */
export class TraceStore implements SpanProcessor {
  private readonly spans = new Map<string, Span>()
  /** server id → how many spans it has here, and its span ids oldest first */
  private readonly byServer = new Map<string, { count: number; order: IdQueue }>()
  private readonly order: IdQueue
  private readonly live = (id: string) => this.spans.has(id)
  private readonly dirty = new Set<string>()
  private readonly listeners = new Set<(event: TraceSpansEvent) => void>()
  private readonly perServer: number
  private readonly total: number
  private readonly push: { call(): void; cancel(): void }
  /** the tracing's spans not built yet: built before a read, forgotten on clear */
  private pending: { settle(): void; forget(): void } = { settle: () => undefined, forget: () => undefined }

  constructor(options: TraceStoreOptions = {}) {
    this.perServer = options.perServer ?? DEFAULT_SPANS_PER_SERVER
    this.total = options.total ?? DEFAULT_SPANS_TOTAL
    this.order = new IdQueue(this.total, this.live)
    this.push = throttle(() => this.flush(), options.pushMs ?? 100)
  }

  // Per span only what bounds the store: spans by trace are found when read (rare), not kept.
  onStart(span: Span, _parentContext: Context): void {
    const { spanId } = span.spanContext()
    const server = serverOf(span)
    this.spans.set(spanId, span)
    this.order.push(spanId)
    let own = this.byServer.get(server)
    if (!own) this.byServer.set(server, (own = { count: 0, order: new IdQueue(this.perServer, this.live) }))
    own.count++
    own.order.push(spanId)
    if (own.count > this.perServer) this.drop(own.order.shift())
    if (this.spans.size > this.total) this.drop(this.order.shift())
    if (!this.listeners.size) return
    this.dirty.add(spanId)
    this.push.call()
  }

  /** What must run before spans are read (spans not built yet), and what a clear forgets. */
  attach(pending: { settle(): void; forget(): void }): void {
    this.pending = pending
  }

  /** how many spans it keeps per server and in all */
  get bounds(): { perServer: number; total: number } {
    return { perServer: this.perServer, total: this.total }
  }

  onEnd(span: ReadableSpan): void {
    this.changed(span.spanContext().spanId)
  }

  /** A span that gained an event (progress, a log line): pushed again. */
  changed(spanId: string): void {
    if (!this.spans.has(spanId) || !this.listeners.size) return
    this.dirty.add(spanId)
    this.push.call()
  }

  /** Listens to pushes; returns the undo. */
  onSpans(listener: (event: TraceSpansEvent) => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  get size(): number {
    this.pending.settle()
    return this.spans.size
  }

  /** Recent operations, newest first: each trace by its root span, filtered. */
  list(filter: TraceListFilter = {}): TraceSummary[] {
    this.pending.settle()
    const out: TraceSummary[] = []
    const search = filter.search?.trim().toLowerCase()
    const limit = filter.limit ?? 500
    const byTrace = this.byTrace()
    const roots = [...this.spans.values()].filter((span) => !span.parentSpanContext || !this.spans.has(span.parentSpanContext.spanId))
    for (let i = roots.length - 1; i >= 0 && out.length < limit; i--) {
      const root = roots[i]
      const { traceId } = root.spanContext()
      const spans = (byTrace.get(traceId) ?? []).map(toTraceSpan)
      // a chat turn has no server of its own: it is listed under the servers its calls went to
      if (filter.serverId && serverOf(root) !== filter.serverId && !spans.some((span) => span.serverId === filter.serverId)) continue
      if (filter.callsOnly && ROUTINE_OPERATIONS.has(String(root.attributes[TRACE_ATTR.operation]))) continue
      if (filter.tool && !spans.some((span) => span.attributes[TRACE_ATTR.tool] === filter.tool)) continue
      const hasError = spans.some((span) => span.status === 'error')
      if (filter.errorsOnly && !hasError) continue
      if (search && !spans.some((span) => JSON.stringify([span.name, span.error, span.attributes]).toLowerCase().includes(search))) continue
      out.push({ traceId, root: toTraceSpan(root), spanCount: spans.length, hasError })
    }
    return out
  }

  /** One trace's spans, in the order they started; empty once it was dropped or cleared. */
  get(traceId: string): TraceSpan[] {
    this.pending.settle()
    const spans: TraceSpan[] = []
    for (const span of this.spans.values()) if (span.spanContext().traceId === traceId) spans.push(toTraceSpan(span))
    return spans.sort((a, b) => a.start - b.start)
  }

  clear(): void {
    this.pending.forget()
    this.spans.clear()
    this.order.clear()
    this.byServer.clear()
    this.dirty.clear()
    this.push.cancel()
    for (const listener of this.listeners) listener({ spans: [], cleared: true })
  }

  /** Sends the batch now (tests, shutdown). */
  flush(): void {
    this.pending.settle()
    if (!this.dirty.size) return
    const spans = [...this.dirty].flatMap((id) => {
      const span = this.spans.get(id)
      return span ? [toTraceSpan(span)] : []
    })
    this.dirty.clear()
    if (spans.length) for (const listener of this.listeners) listener({ spans })
  }

  forceFlush(): Promise<void> {
    this.flush()
    return Promise.resolve()
  }

  shutdown(): Promise<void> {
    this.push.cancel()
    return Promise.resolve()
  }

  /** trace id → its spans, in the order they started here */
  private byTrace(): Map<string, Span[]> {
    const byTrace = new Map<string, Span[]>()
    for (const span of this.spans.values()) {
      const { traceId } = span.spanContext()
      const spans = byTrace.get(traceId)
      if (spans) spans.push(span)
      else byTrace.set(traceId, [span])
    }
    return byTrace
  }

  private drop(spanId: string | undefined): void {
    const span = spanId === undefined ? undefined : this.spans.get(spanId)
    if (!span || spanId === undefined) return
    this.spans.delete(spanId)
    this.dirty.delete(spanId)
    const server = serverOf(span)
    const own = this.byServer.get(server)
    if (own && --own.count === 0) this.byServer.delete(server)
  }
}

function serverOf(span: ReadableSpan): string {
  const id = span.attributes[TRACE_ATTR.serverId]
  return typeof id === 'string' ? id : NO_SERVER
}
