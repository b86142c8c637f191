import { SpanStatusCode, TraceFlags, type Attributes, type AttributeValue, type Span, type SpanContext } from '@opentelemetry/api'
import type { McpServer } from '@shared/mcp/server'
import { TRACE_ATTR } from '@shared/trace/spans'
import { errorAttributes, payloadWeight, serverAttributes } from './attributes'

/** What a LazySpan needs of its tracing: the OpenTelemetry span it becomes, and where work goes. */
export interface SpanSink {
  /** the span as OpenTelemetry's, started at `span.start` with the span's own ids */
  build(span: LazySpan): Span
  /** the store's note that a built span changed (a window is pushed it again) */
  changed(span: LazySpan): void
  /** work that can wait until the caller has its answer */
  defer(job: () => void): void
  /** a pending span now holds `weight` more characters of arguments or results */
  held(weight: number): void
  secrets(): readonly string[]
}

/** What a span's parent must give: its ids (a LazySpan, or a chat step built at once). */
export interface SpanParent {
  readonly traceId: string
  readonly spanId: string
}

/** The operation of a tool call's span, whose `what` is the tool's name. */
export const TOOL_CALL = 'tools/call'

type Outcome = { ok: true } | { ok: false; error: unknown }
type Job = (span: LazySpan, input: unknown) => void

/**
 * One operation's span as the call path records it: its ids (sent to the server at once as
 * `traceparent`), start, cheap attributes, and the rest as it happens. It becomes an
 * OpenTelemetry span (`build`) only when someone needs it (a window watching, an exporter, a
 * read of the store); until then the call pays for a few fields, not for a span, its JSON and
 * the store. Every fact is replayed in order when it is built, so a built span says the same.
 */
export class LazySpan {
  /** the OpenTelemetry span, once built; from then on everything goes to it */
  real: Span | undefined
  readonly start = performance.now()
  /** characters of arguments and results held for `later` work (bounded by the tracing) */
  weight = 0
  /** attributes beyond those every span of its kind has; none made until there are some */
  private attributes: Attributes | undefined
  /** `later` work not run yet, in order: a call's two (its arguments, its result) in fields, more in `jobs` */
  private job1: Job | undefined
  private input1: unknown
  private job2: Job | undefined
  private input2: unknown
  private jobs: unknown[] | undefined
  private events: Array<{ name: string; attributes: Attributes | undefined; time: number }> | undefined
  private failure: unknown
  private failed = false
  private endTime: number | undefined
  private outcome: Outcome | undefined
  /** dropped unbuilt: what still happens to it is not kept */
  private dropped = false

  constructor(
    private readonly sink: SpanSink,
    private readonly server: McpServer,
    /** what it did, after the server's name in its name: `echo`, `ListTools`, `connect` … */
    private readonly what: string,
    /** the MCP operation: `tools/call`, `ListTools`, `connect` … (a tool call's `what` is its tool) */
    readonly operation: string,
    attributes: Attributes | undefined,
    readonly traceId: string,
    readonly spanId: string,
    readonly parent: SpanParent | undefined,
    /** the tool call's id, where it has one (its progress and cancel find it by that) */
    readonly callId: string | undefined
  ) {
    this.attributes = attributes
  }

  get serverId(): string {
    return this.server.id
  }

  /** the host's known secrets, for the redaction `later` work does */
  secrets(): readonly string[] {
    return this.sink.secrets()
  }

  spanContext(): SpanContext {
    return { traceId: this.traceId, spanId: this.spanId, traceFlags: TraceFlags.SAMPLED }
  }

  /** The W3C `traceparent` of this span (version 00, sampled), for the server it calls. */
  traceparent(): string {
    return `00-${this.traceId}-${this.spanId}-01`
  }

  /** `{server}.{what}`, made when it is built: a call that nobody reads never joins the strings */
  get name(): string {
    return `${this.server.name}.${this.what}`
  }

  /**
   * The attributes it starts with, for `build`: the server's, the operation's (a tool call's
   * tool and call id), then its own. Made here, so an unread call holds no object for them.
   */
  initialAttributes(): Attributes {
    const out = serverAttributes(this.server)
    out[TRACE_ATTR.operation] = this.operation
    if (this.operation === TOOL_CALL) out[TRACE_ATTR.tool] = this.what
    if (this.callId !== undefined) out[TRACE_ATTR.callId] = this.callId
    return this.attributes ? Object.assign(out, this.attributes) : out
  }

  setAttribute(key: string, value: AttributeValue): void {
    if (this.real) this.real.setAttribute(key, value)
    else (this.attributes ??= {})[key] = value
  }

  setAttributes(attributes: Attributes): void {
    if (this.real) this.real.setAttributes(attributes)
    else this.attributes = Object.assign(this.attributes ?? {}, attributes)
  }

  addEvent(name: string, attributes?: Attributes, time = performance.now()): void {
    if (this.real) {
      this.real.addEvent(name, attributes, time)
      this.sink.changed(this)
    } else if (!this.dropped) (this.events ??= []).push({ name, attributes, time })
  }

  /**
   * Work that only describes (the redacted JSON of arguments and results): `job(span, input)`,
   * run once the span is built, after the caller has its answer. A plain function and its
   * input, not a closure; an unbuilt span weighs what `input` holds on to until then.
   */
  later<I>(job: (span: LazySpan, input: I) => void, input: I): void {
    if (this.real) return this.sink.defer(() => job(this, input))
    if (this.dropped) return
    if (!this.job1) {
      this.job1 = job as Job
      this.input1 = input
    } else if (!this.job2) {
      this.job2 = job as Job
      this.input2 = input
    } else (this.jobs ??= []).push(job, input)
    const weight = payloadWeight(input)
    this.weight += weight
    this.sink.held(weight)
  }

  /** Marks it failed (a tool's error result): its end then keeps the error, not ok. */
  fail(error: unknown): void {
    this.failed = true
    if (this.real) this.applyFailure(error)
    else this.failure = error
  }

  /** Ends it at the time given, ok or with the error thrown; the rest is done later. */
  end(time: number, outcome: Outcome): void {
    this.endTime = time
    this.outcome = outcome
    if (this.real) this.sink.defer(() => this.applyEnd())
  }

  get ended(): boolean {
    return this.endTime !== undefined
  }

  /** Builds the OpenTelemetry span and replays what it recorded so far, in order. */
  materialize(): void {
    if (this.real) return
    this.real = this.sink.build(this)
    const { job1, input1, job2, input2, jobs, events, failure } = this
    this.forget()
    if (events) for (const event of events) this.real.addEvent(event.name, event.attributes, event.time)
    if (failure !== undefined) this.applyFailure(failure)
    if (job1) guarded(job1, this, input1)
    if (job2) guarded(job2, this, input2)
    if (jobs) for (let i = 0; i < jobs.length; i += 2) guarded(jobs[i] as Job, this, jobs[i + 1])
    if (this.ended) this.applyEnd()
  }

  /** Forgets what it held: it was dropped unbuilt (the store would have evicted it). */
  discard(): void {
    this.dropped = true
    this.forget()
  }

  /** Lets go of what it held for later (its replay has it, or it was dropped). */
  private forget(): void {
    this.job1 = this.job2 = undefined
    this.input1 = this.input2 = this.jobs = this.events = this.failure = undefined
  }

  private applyFailure(error: unknown): void {
    const { message, attributes } = errorAttributes(error, this.sink.secrets())
    this.real?.setAttributes(attributes)
    this.real?.setStatus({ code: SpanStatusCode.ERROR, message })
  }

  private applyEnd(): void {
    const real = this.real
    if (!real || this.endTime === undefined) return
    if (this.outcome && !this.outcome.ok) this.applyFailure(this.outcome.error)
    else if (!this.failed) real.setStatus({ code: SpanStatusCode.OK })
    real.end(this.endTime)
  }
}

/** Tracing never breaks the host: a job that throws loses only its own detail. */
export function guarded<I>(job: (span: LazySpan, input: I) => void, span: LazySpan, input: I): void {
  try {
    job(span, input)
  } catch {
    // the detail is missing from the span, nothing else
  }
}
