import { z } from 'zod'

/** The eight levels of `logging/setLevel` and `notifications/message` (RFC 5424), least severe first. */
export const SYSLOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const
export type SyslogLevel = (typeof SYSLOG_LEVELS)[number]
export const SyslogLevelSchema = z.enum(SYSLOG_LEVELS)

/** Lines the host itself reads off a stdio server's streams. */
export const STREAM_LEVELS = ['stderr', 'stdout'] as const

export const SERVER_LOG_LEVELS = [...SYSLOG_LEVELS, ...STREAM_LEVELS] as const
export type ServerLogLevel = (typeof SERVER_LOG_LEVELS)[number]

/**
 * A level as older builds wrote it, or as anything may send it: `warn` (the host's own word before
 * the eight syslog levels) is `warning`; a word nobody knows is shown as `info` rather than lost.
 */
export function logLevelOf(level: unknown): ServerLogLevel {
  if (level === 'warn') return 'warning'
  return (SERVER_LOG_LEVELS as readonly unknown[]).includes(level) ? (level as ServerLogLevel) : 'info'
}

export const ServerLogLevelSchema = z.preprocess((level) => (level === 'warn' ? 'warning' : level), z.enum(SERVER_LOG_LEVELS))

/** One line of a server's log, for checking what crosses IPC. */
export const ServerLogEntrySchema = z.object({
  timestamp: z.number(),
  level: ServerLogLevelSchema,
  message: z.string(),
  data: z.unknown().optional(),
  source: z.string().optional()
})

/** One line of a server's log. `message` and `data` are already redacted when they leave main. */
export interface ServerLogEntry {
  timestamp: number
  level: ServerLogLevel
  message: string
  data?: unknown
  source?: string
}
