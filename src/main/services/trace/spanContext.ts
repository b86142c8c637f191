import type { Attributes } from '@opentelemetry/api'
import { currentSpan } from './currentSpan'

/** An event on the span running now, if any (a transport tried, a fallback); nothing without tracing. */
export function spanEvent(name: string, attributes?: Attributes): void {
  currentSpan.getStore()?.addEvent(name, attributes)
}

/** The trace of the span running now, for a log line that links to it; nothing without tracing. */
export function activeTraceId(): string | undefined {
  return currentSpan.getStore()?.traceId
}

/**
 * The running span's W3C trace context (`traceparent`), for a request's `_meta` (SPEC §R, issue
 * 12 item 5), so a server that traces joins the same trace; empty without one. Our spans carry
 * no `tracestate`.
 */
export function traceContextMeta(): { traceparent?: string } {
  const span = currentSpan.getStore()
  return span ? { traceparent: span.traceparent() } : {}
}
