import { context, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api'
import { BasicTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import { errorAttributes } from './attributes'
import { ensureContextManager } from './contextManager'
import { DeferredWork } from './deferredWork'
import { SwitchableExport } from './SwitchableExport'
import { TraceStore, type TraceStoreOptions } from './TraceStore'

export interface TracingOptions {
  store?: TraceStoreOptions
  /** where spans are also sent (OTLP); batched, so a slow or dead collector never holds a call */
  exporter?: SpanExporter
  /** values scrubbed from error messages and attributes (the host's known secrets) */
  secrets?: () => readonly string[]
}

/**
 * The host's tracing (SPEC §R): its own tracer provider (never the global one), the in-memory
 * store the Trace window reads, and any exporters. `withSpan` is how an operation becomes a span.
 */
export class Tracing {
  readonly store: TraceStore
  readonly secrets: () => readonly string[]
  /** OTLP export, off unless set */
  readonly export = new SwitchableExport()
  private readonly provider: BasicTracerProvider
  private readonly tracer: Tracer
  /** spans already marked failed (a tool's error result): not turned ok when they resolve */
  private readonly failed = new WeakSet<Span>()
  private readonly deferred = new DeferredWork()

  constructor(options: TracingOptions = {}) {
    ensureContextManager()
    this.store = new TraceStore(options.store)
    this.store.beforeRead(() => this.deferred.drain())
    this.secrets = options.secrets ?? (() => [])
    this.export.set(options.exporter)
    this.provider = new BasicTracerProvider({ spanProcessors: [this.store, this.export] })
    this.tracer = this.provider.getTracer('mcp-studio')
  }

  /**
   * Runs `fn` in a new span, a child of the active one: ok when it resolves, an error (with its
   * message and code) when it throws. The span is active inside `fn`, so work it starts nests.
   * The end is taken when `fn` settles and recorded after the caller has its answer (`later`);
   * `settled` runs then too, at once. One `then` rather than nested async functions: each of those
   * costs a call its own promise and await.
   */
  withSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, settled?: () => void): Promise<T> {
    const span = this.tracer.startSpan(name, { attributes })
    let running: Promise<T>
    try {
      running = context.with(trace.setSpan(context.active(), span), fn, undefined, span)
    } catch (error) {
      running = Promise.reject(error)
    }
    return running.then(
      (value) => {
        settled?.()
        this.ended(span, performance.now(), undefined)
        return value
      },
      (error: unknown) => {
        settled?.()
        this.ended(span, performance.now(), { error })
        throw error
      }
    )
  }

  private ended(span: Span, end: number, outcome: { error: unknown } | undefined): void {
    this.later(() => {
      if (outcome) this.fail(span, outcome.error)
      else if (!this.failed.has(span)) span.setStatus({ code: SpanStatusCode.OK })
      span.end(end)
    })
  }

  /** Work on a span that can wait until its caller has the answer (redacted JSON attributes). */
  later(job: () => void): void {
    this.deferred.add(job)
  }

  /** An event on a span, pushed to the windows with the span. */
  addEvent(span: Span, name: string, attributes: Attributes, time?: number): void {
    span.addEvent(name, attributes, time)
    this.store.changed(span.spanContext().spanId)
  }

  fail(span: Span, error: unknown): void {
    const { message, attributes } = errorAttributes(error, this.secrets())
    span.setAttributes(attributes)
    span.setStatus({ code: SpanStatusCode.ERROR, message })
    this.failed.add(span)
  }

  /** Sends what the exporters still hold (the CLI before it exits). */
  async flush(): Promise<void> {
    this.deferred.drain()
    await this.provider.forceFlush()
  }

  async shutdown(): Promise<void> {
    this.deferred.drain()
    await this.provider.shutdown()
  }
}
