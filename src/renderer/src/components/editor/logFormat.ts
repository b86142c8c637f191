import { logLevelOf, SERVER_LOG_LEVELS, type ServerLogEntry, type ServerLogLevel } from '@shared/mcp/logs'

/** The eight syslog levels a server sends, then the streams the host reads itself. */
export const LOG_LEVELS: ServerLogLevel[] = [...SERVER_LOG_LEVELS]

export function formatTime(timestamp: number): string {
  const d = new Date(timestamp)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
}

const dataText = (data: unknown) => {
  if (data === undefined) return ''
  try {
    return typeof data === 'string' ? data : JSON.stringify(data)
  } catch {
    return String(data)
  }
}

/** The line as searched and exported: what the user sees, data included. */
export function logLineText(entry: ServerLogEntry): string {
  const data = dataText(entry.data)
  return `${entry.source ? `[${entry.source}] ` : ''}${entry.message}${data ? ` ${data}` : ''}`
}

/** The trace a host line links to (the call it reports on), from its data. */
export function traceIdOf(entry: ServerLogEntry): string | undefined {
  const id = (entry.data as { traceId?: unknown } | null | undefined)?.traceId
  return typeof id === 'string' && /^[0-9a-f]{32}$/.test(id) ? id : undefined
}

export function filterLogs(entries: readonly ServerLogEntry[], levels: ServerLogLevel[], query: string): readonly ServerLogEntry[] {
  const q = query.trim().toLowerCase()
  const wanted = new Set(levels)
  if (wanted.size === LOG_LEVELS.length && !q) return entries
  return entries.filter((e) => wanted.has(logLevelOf(e.level)) && (!q || logLineText(e).toLowerCase().includes(q)))
}

/** A plain-text log file: ISO time, level, line. */
export function toLogFile(entries: readonly ServerLogEntry[]): string {
  return entries.map((e) => `${new Date(e.timestamp).toISOString()} ${logLevelOf(e.level).toUpperCase().padEnd(9)} ${logLineText(e)}`).join('\n') + '\n'
}

/** A file name the OS accepts, from the server name and the time. */
export function logFileName(serverName: string, ext: 'log' | 'json', now = new Date()): string {
  const safe = serverName.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'server'
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z')
  return `${safe}-${stamp}.${ext}`
}
