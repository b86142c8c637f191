import type { McpMessageEntry } from '@shared/mcp/messages'

/** The trace id inside a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`). */
export function traceIdOfTraceparent(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(value.trim())
  return match && !/^0+$/.test(match[1]) ? match[1] : undefined
}

/**
 * Which messages belong to a traced tool call, by seq: each `tools/call` request the host sent
 * carries its call's `traceparent` in `_meta`, and the response with the same id belongs with it.
 */
export function callTraces(entries: readonly McpMessageEntry[]): ReadonlyMap<number, string> {
  const byRequest = new Map<string | number, string>()
  const out = new Map<number, string>()
  for (const entry of entries) {
    if (entry.method !== 'tools/call' || entry.id === undefined) continue
    if (entry.direction === 'out' && entry.kind === 'request') {
      const body = entry.body as { params?: { _meta?: { traceparent?: unknown } } } | undefined
      const traceId = traceIdOfTraceparent(body?.params?._meta?.traceparent)
      if (!traceId) continue
      byRequest.set(entry.id, traceId)
      out.set(entry.seq, traceId)
    } else if (entry.direction === 'in') {
      const traceId = byRequest.get(entry.id)
      if (traceId) out.set(entry.seq, traceId)
    }
  }
  return out
}
