import { ROOT_CONTEXT, SpanKind, TraceFlags, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api'
import { BasicTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import type { McpServer } from '@shared/mcp/server'
import { TRACE_WATCH_LEASE_MS } from '@shared/trace/spans'
import { DeferredWork } from './deferredWork'
import { guarded, LazySpan, type SpanParent, type SpanSink } from './LazySpan'
import { PendingSpans } from './pendingSpans'
import { PresetIds } from './presetIds'
import { RedactAtEnd } from './redactAtEnd'
import { RunningSpans } from './runningSpans'
import { SwitchableExport } from './SwitchableExport'
import { TraceStore, type TraceStoreOptions } from './TraceStore'

export interface TracingOptions {
  store?: TraceStoreOptions
  /** where spans are also sent (OTLP); batched, so a slow or dead collector never holds a call */
  exporter?: SpanExporter
  /** values scrubbed from error messages and attributes (the host's known secrets) */
  secrets?: () => readonly string[]
}

/** Characters of arguments and results unbuilt spans may hold before they are built anyway. */
export const MAX_HELD_WEIGHT = 8_000_000

const OK = { ok: true } as const

/**
 * The host's tracing: its own tracer provider (never the global one), the in-memory
 * store the Trace window reads, and any exporters. `withSpan` is how an operation becomes a span.
 *
 * Spans are built lazily: an operation records a LazySpan (ids, times, what happened), and it
 * becomes an OpenTelemetry span when someone needs it — at once while a window watches or an
 * exporter is on, else when the store is read. Unread spans past the store's bounds are dropped
 * unbuilt. A traced call so costs little more than an untraced one when nobody is looking.
 */
export class Tracing implements SpanSink {
  readonly store: TraceStore
  readonly secrets: () => readonly string[]
  /** OTLP export, off unless set */
  readonly export = new SwitchableExport()
  /** the spans running now, by server and call id (where events that arrive belong) */
  readonly running = new RunningSpans()
  private readonly provider: BasicTracerProvider
  private readonly tracer: Tracer
  private readonly ids = new PresetIds()
  private readonly deferred = new DeferredWork()
  private readonly pending: PendingSpans
  private watchedUntil = Number.NEGATIVE_INFINITY
  private recordingOn = true
  private readonly recordingListeners = new Set<(on: boolean) => void>()
  private buildScheduled = false

  constructor(options: TracingOptions = {}) {
    this.store = new TraceStore(options.store)
    this.pending = new PendingSpans(this.store.bounds)
    this.store.attach({ settle: () => this.settle(), forget: () => this.pending.clear() })
    this.secrets = options.secrets ?? (() => [])
    this.export.set(options.exporter)
    this.provider = new BasicTracerProvider({ idGenerator: this.ids, spanProcessors: [new RedactAtEnd(this.secrets), this.store, this.export] })
    this.tracer = this.provider.getTracer('mcp-studio')
  }

  /**
   * Whether new operations become spans. Paused (the Trace window's Pause), an operation runs as
   * if there were no tracing: no span, no traceparent; the spans kept stay, and running ones end.
   */
  get recording(): boolean {
    return this.recordingOn
  }

  /** Pauses or resumes recording (listeners hear a change, not a repeat); returns whether it records now. */
  record(on: boolean): boolean {
    if (on !== this.recordingOn) {
      this.recordingOn = on
      for (const listener of this.recordingListeners) listener(on)
    }
    return on
  }

  /** Told when recording is paused or resumed (every window shows it). Returns the undo. */
  onRecording(listener: (on: boolean) => void): () => void {
    this.recordingListeners.add(listener)
    return () => void this.recordingListeners.delete(listener)
  }

  /** A window shows spans live: they are built as they start, for `ms` (renewed while it shows them). */
  watch(ms = TRACE_WATCH_LEASE_MS): void {
    this.watchedUntil = performance.now() + ms
  }

  /**
   * Runs `fn` in a new span `{server}.{what}` of the MCP `operation`, with any further
   * `attributes` (a child of `parent`, if given): ok when it resolves, an error (with its message
   * and code) when it throws. `fn` gets the span to hand down to what needs it (the trace context
   * is passed explicitly: AsyncLocalStorage cost every promise of the process on Node 20). It is
   * among the server's running spans while it runs. `after(span, value)` describes the value
   * before the span ends. One `then` rather than nested async functions: each of those costs a
   * call its own promise and await.
   */
  withSpan<T>(
    server: McpServer,
    what: string,
    operation: string,
    attributes: Attributes | undefined,
    fn: (span: LazySpan) => Promise<T>,
    after?: (span: LazySpan, value: T) => void,
    parent?: SpanParent
  ): Promise<T> {
    const span = this.begin(server, what, operation, attributes, parent)
    let running: Promise<T>
    try {
      running = fn(span)
    } catch (error) {
      running = Promise.reject(error)
    }
    return this.finish(span, running, after)
  }

  /**
   * `withSpan` in two halves, for a caller with no closure to give: the span, started and
   * running (a tool call's with its `callId`, where its progress and cancel find it).
   */
  begin(server: McpServer, what: string, operation: string, attributes?: Attributes, parent?: SpanParent, callId?: string): LazySpan {
    const span = this.start(server, what, operation, attributes, parent, callId)
    this.running.add(span)
    return span
  }

  /** …and its end, with the operation's promise: the value (described by `after`) or the error. */
  finish<T>(span: LazySpan, running: Promise<T>, after?: (span: LazySpan, value: T) => void): Promise<T> {
    return running.then(
      (value) => {
        this.running.delete(span)
        if (after) guarded(after, span, value)
        span.end(performance.now(), OK)
        return value
      },
      (error: unknown) => {
        this.running.delete(span)
        span.end(performance.now(), { ok: false, error })
        throw error
      }
    )
  }

  /**
   * A span of no server, built at once (a chat turn and its model steps: a few per turn, seconds
   * long, so laziness would save nothing), a child of `parent` if given. The caller ends it.
   * Spans recorded before it are built first, so the store keeps them in the order they started.
   */
  startSpan(name: string, attributes: Attributes, parent?: SpanParent, kind = SpanKind.INTERNAL): Span {
    if (this.pending.size) this.buildPending()
    return this.tracer.startSpan(name, { startTime: performance.now(), attributes, kind }, contextOf(parent))
  }

  /** How many spans are recorded but not built yet (nobody has read or watched them). */
  get unbuilt(): number {
    return this.pending.size
  }

  /** Sends what the exporters still hold (the CLI before it exits). */
  async flush(): Promise<void> {
    this.settle()
    await this.provider.forceFlush()
  }

  async shutdown(): Promise<void> {
    this.settle()
    await this.provider.shutdown()
  }

  // SpanSink: what a LazySpan asks of its tracing

  build(span: LazySpan) {
    const parent = contextOf(span.parent)
    return this.ids.using(span, () => this.tracer.startSpan(span.name, { startTime: span.start, attributes: span.initialAttributes() }, parent))
  }

  changed(span: LazySpan): void {
    this.store.changed(span.spanId)
  }

  defer(job: () => void): void {
    this.deferred.add(job)
  }

  held(weight: number): void {
    this.pending.weight += weight
    // big results are not kept unread by the thousand: past the limit the pending spans are built
    if (this.pending.weight <= MAX_HELD_WEIGHT || this.buildScheduled) return
    this.buildScheduled = true
    this.deferred.add(() => this.buildPending())
  }

  private start(server: McpServer, what: string, operation: string, attributes: Attributes | undefined, parent: SpanParent | undefined, callId: string | undefined): LazySpan {
    const traceId = parent ? parent.traceId : this.ids.random.traceId()
    const span = new LazySpan(this, server, what, operation, attributes, traceId, this.ids.random.spanId(), parent, callId)
    if (this.export.enabled || performance.now() < this.watchedUntil) {
      // built in the order they started, so the pending ones first
      if (this.pending.size) this.buildPending()
      span.materialize()
    } else this.pending.add(span)
    return span
  }

  private buildPending(): void {
    this.buildScheduled = false
    for (const span of this.pending.take()) span.materialize()
  }

  /** Before anyone reads spans: everything built, and its last details in. */
  private settle(): void {
    this.buildPending()
    this.deferred.drain()
  }
}

function contextOf(parent: SpanParent | undefined) {
  return parent ? trace.setSpanContext(ROOT_CONTEXT, { traceId: parent.traceId, spanId: parent.spanId, traceFlags: TraceFlags.SAMPLED }) : ROOT_CONTEXT
}
