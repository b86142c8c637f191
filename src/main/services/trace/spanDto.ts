import { SpanStatusCode, type HrTime } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { TRACE_ATTR, type TraceAttributeValue, type TraceSpan } from '@shared/trace/spans'

export function hrToMs([seconds, nanos]: HrTime): number {
  return seconds * 1000 + nanos / 1e6
}

/** OpenTelemetry's undefined-holding attribute maps, as plain data the windows can take. */
function plainAttributes(attributes: ReadableSpan['attributes']): Record<string, TraceAttributeValue> {
  const out: Record<string, TraceAttributeValue> = {}
  // for…in, not Object.entries: no pair arrays for every span pushed
  for (const key in attributes) {
    const value = attributes[key]
    if (value !== undefined) out[key] = value
  }
  return out
}

/** A span (running or ended) as it leaves main. */
export function toTraceSpan(span: ReadableSpan): TraceSpan {
  const { traceId, spanId } = span.spanContext()
  const attributes = plainAttributes(span.attributes)
  const ended = span.ended
  const failed = span.status.code === SpanStatusCode.ERROR
  const serverId = attributes[TRACE_ATTR.serverId]
  return {
    traceId,
    spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    serverId: typeof serverId === 'string' ? serverId : undefined,
    start: hrToMs(span.startTime),
    end: ended ? hrToMs(span.endTime) : undefined,
    status: !ended ? 'running' : failed ? 'error' : 'ok',
    error: failed ? span.status.message : undefined,
    attributes,
    events: span.events.map((event) => ({ name: event.name, time: hrToMs(event.time), attributes: plainAttributes(event.attributes ?? {}) }))
  }
}
