import { TRACE_ATTR, type TraceAttributeValue, type TraceSpan } from '@shared/trace/spans'

/** 0.4 ms, 12 ms, 1.25 s, 2 m 5 s: short enough for a bar's label. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} m ${seconds % 60} s`
}

/** How long a span took, or has run so far. */
export function spanDuration(span: TraceSpan, now: number): number {
  return Math.max(0, (span.end ?? now) - span.start)
}

/** The clock time a span started, to the millisecond. */
export function formatClock(ms: number): string {
  const date = new Date(ms)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

/** A JSON attribute (arguments, a result) as data for the tree; text that is not JSON stays text. */
export function jsonValue(value: TraceAttributeValue | undefined): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** The attributes shown as a table: the JSON ones have trees of their own. */
export const JSON_ATTRIBUTES: ReadonlySet<string> = new Set([TRACE_ATTR.args, TRACE_ATTR.result])

/** An attribute value as one line of text. */
export function attributeText(value: TraceAttributeValue): string {
  return Array.isArray(value) ? value.map((item) => String(item)).join(', ') : String(value)
}
