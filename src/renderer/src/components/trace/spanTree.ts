import type { TraceSpan } from '@shared/trace/spans'

/** A span as a row of the waterfall: its depth under the trace's root. */
export interface SpanRowModel {
  span: TraceSpan
  depth: number
}

/**
 * A trace's spans as the waterfall lists them: each parent followed by its children, in start
 * order. A span whose parent is not kept (dropped, or outside this host) starts a root of its own.
 */
export function spanRows(spans: readonly TraceSpan[]): SpanRowModel[] {
  const ids = new Set(spans.map((span) => span.spanId))
  const children = new Map<string | undefined, TraceSpan[]>()
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : undefined
    const list = children.get(parent) ?? []
    list.push(span)
    children.set(parent, list)
  }
  const rows: SpanRowModel[] = []
  const visit = (parent: string | undefined, depth: number) => {
    const list = (children.get(parent) ?? []).slice().sort((a, b) => a.start - b.start)
    for (const span of list) {
      rows.push({ span, depth })
      visit(span.spanId, depth + 1)
    }
  }
  visit(undefined, 0)
  return rows
}

/** The time axis of a trace: its first start to its last end (a running span ends `now`). */
export function traceWindow(spans: readonly TraceSpan[], now: number): { start: number; end: number } {
  if (!spans.length) return { start: now, end: now }
  const start = Math.min(...spans.map((span) => span.start))
  const end = Math.max(...spans.map((span) => span.end ?? Math.max(now, span.start)))
  // a zero-length window would divide by zero: give it a millisecond
  return { start, end: Math.max(end, start + 1) }
}

/** The spans of a push that belong to `traceId`, merged into what is shown (newer copies win). */
export function mergeSpans(have: readonly TraceSpan[], incoming: readonly TraceSpan[], traceId: string): readonly TraceSpan[] {
  const mine = incoming.filter((span) => span.traceId === traceId)
  if (!mine.length) return have
  const byId = new Map(have.map((span) => [span.spanId, span]))
  for (const span of mine) byId.set(span.spanId, span)
  return [...byId.values()].sort((a, b) => a.start - b.start)
}
