import type { TraceSpan, TraceSpanEvent } from '@shared/trace/spans'

/** One span of `call --trace` in JSON: its timing relative to the trace, its events and children. */
export interface TraceNode {
  name: string
  spanId: string
  status: TraceSpan['status']
  error?: string
  /** ms from the trace's start */
  startMs: number
  durationMs?: number
  attributes: TraceSpan['attributes']
  events: Array<{ name: string; atMs: number; attributes: TraceSpanEvent['attributes'] }>
  children: TraceNode[]
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** A trace's spans as a tree (a span whose parent is not among them is a root). */
export function traceTree(spans: readonly TraceSpan[]): TraceNode[] {
  if (!spans.length) return []
  const origin = Math.min(...spans.map((span) => span.start))
  const ids = new Set(spans.map((span) => span.spanId))
  const node = (span: TraceSpan): TraceNode => ({
    name: span.name,
    spanId: span.spanId,
    status: span.status,
    ...(span.error !== undefined && { error: span.error }),
    startMs: round(span.start - origin),
    ...(span.end !== undefined && { durationMs: round(span.end - span.start) }),
    attributes: span.attributes,
    events: span.events.map((event) => ({ name: event.name, atMs: round(event.time - span.start), attributes: event.attributes })),
    children: spans.filter((child) => child.parentSpanId === span.spanId).sort((a, b) => a.start - b.start).map(node)
  })
  return spans
    .filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId))
    .sort((a, b) => a.start - b.start)
    .map(node)
}

function eventLine(event: TraceNode['events'][number]): string {
  const { progress, total, message, level, ...rest } = event.attributes
  const parts =
    event.name === 'progress'
      ? [total !== undefined ? `${String(progress)}/${String(total)}` : String(progress), message]
      : event.name === 'log'
        ? [level !== undefined ? `[${String(level)}]` : undefined, message]
        : [message, ...Object.entries(rest).map(([key, value]) => `${key}=${String(value)}`)]
  return `+${event.atMs} ms ${event.name}${parts.filter((part) => part !== undefined && part !== '').map((part) => ` ${String(part)}`).join('')}`
}

/**
 * The tree as text for stderr: each span with its duration, status and error, its events beneath
 * it at their offsets, children indented.
 *
 *   everything.trigger-long-running-operation  2013.4 ms  ok
 *     · +402.1 ms progress 1/5
 */
export function renderTraceTree(nodes: readonly TraceNode[]): string {
  const lines: string[] = []
  const visit = (node: TraceNode, depth: number) => {
    const pad = '  '.repeat(depth)
    const duration = node.durationMs !== undefined ? `${node.durationMs} ms` : 'running'
    lines.push(`${pad}${node.name}  ${duration}  ${node.status}${node.error ? `: ${node.error}` : ''}`)
    for (const event of node.events) lines.push(`${pad}  · ${eventLine(event)}`)
    for (const child of node.children) visit(child, depth + 1)
  }
  for (const node of nodes) visit(node, 0)
  return lines.join('\n')
}
