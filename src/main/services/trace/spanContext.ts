import { context, trace, type Attributes } from '@opentelemetry/api'
import { W3CTraceContextPropagator } from '@opentelemetry/core'

const propagator = new W3CTraceContextPropagator()

/** An event on the span running now, if any (a transport tried, a fallback); nothing without tracing. */
export function spanEvent(name: string, attributes?: Attributes): void {
  trace.getActiveSpan()?.addEvent(name, attributes)
}

/** The trace of the span running now, for a log line that links to it; nothing without tracing. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan()
  return span?.isRecording() ? span.spanContext().traceId : undefined
}

/**
 * The running span's W3C trace context (`traceparent`, `tracestate`), for a request's `_meta`
 * (SPEC §R, issue 12 item 5), so a server that traces joins the same trace; empty without one.
 */
export function traceContextMeta(): Record<string, string> {
  if (!trace.getActiveSpan()) return {}
  const carrier: Record<string, string> = {}
  propagator.inject(context.active(), carrier, { set: (target, key, value) => void (target[key] = value) })
  return carrier
}
