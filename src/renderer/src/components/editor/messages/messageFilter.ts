import type { McpMessageDirection, McpMessageEntry } from '@shared/mcp/messages'

export type DirectionFilter = 'all' | McpMessageDirection

/** The messages the filters let through: a method containing the text (any case), in a direction. */
export function filterMessages(entries: readonly McpMessageEntry[], method: string, direction: DirectionFilter): readonly McpMessageEntry[] {
  const q = method.trim().toLowerCase()
  if (!q && direction === 'all') return entries
  return entries.filter((e) => (direction === 'all' || e.direction === direction) && (!q || (e.method ?? '').toLowerCase().includes(q)))
}

/** "12 ms", "0.4 ms", "1.25 s": a request's round trip, short. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`
  return ms >= 10 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`
}

/** How many entries arrived after the last one shown (while paused). */
export function arrivedSince(entries: readonly McpMessageEntry[], shown: readonly McpMessageEntry[]): number {
  const last = shown.at(-1)?.seq ?? 0
  let count = 0
  for (let i = entries.length - 1; i >= 0 && entries[i].seq > last; i--) count++
  return count
}
