import { z } from 'zod'

export const ServerLogLevelSchema = z.enum(['debug', 'info', 'warn', 'error', 'stderr', 'stdout'])
export type ServerLogLevel = z.infer<typeof ServerLogLevelSchema>

/** One line of a server's log (G1). `data` is already redacted when it leaves main. */
export interface ServerLogEntry {
  timestamp: number
  level: ServerLogLevel
  message: string
  data?: unknown
  source?: string
}
