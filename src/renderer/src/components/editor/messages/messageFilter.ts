import type { McpMessageDirection, McpMessageEntry } from '@shared/mcp/messages'

export type DirectionFilter = 'all' | McpMessageDirection

/** A keep-alive ping or its answer: routine traffic, folded into a count unless asked for. */
export const isPing = (entry: McpMessageEntry) => entry.method === 'ping'

export interface FilteredMessages {
  shown: readonly McpMessageEntry[]
  /** pings (and their answers) left out because they were not asked for */
  pingsHidden: number
}

/**
 * The messages the filters let through: a method containing the text (any case), in a direction.
 * Pings show only when asked for, or when the method filter names them.
 */
export function filterMessages(entries: readonly McpMessageEntry[], method: string, direction: DirectionFilter, showPings = true): FilteredMessages {
  const q = method.trim().toLowerCase()
  const foldPings = !showPings && !(q && 'ping'.includes(q))
  if (!q && direction === 'all' && !foldPings) return { shown: entries, pingsHidden: 0 }
  let pingsHidden = 0
  const shown = entries.filter((e) => {
    if (direction !== 'all' && e.direction !== direction) return false
    if (q && !(e.method ?? '').toLowerCase().includes(q)) return false
    if (foldPings && isPing(e)) {
      pingsHidden++
      return false
    }
    return true
  })
  return { shown, pingsHidden }
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
