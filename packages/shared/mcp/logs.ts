import { z } from 'zod'

export const ServerLogLevelSchema = z.enum(['debug', 'info', 'warn', 'error', 'stderr', 'stdout'])
export type ServerLogLevel = z.infer<typeof ServerLogLevelSchema>

/** One line of a server's log (G1), for checking what crosses IPC. */
export const ServerLogEntrySchema = z.object({
  timestamp: z.number(),
  level: ServerLogLevelSchema,
  message: z.string(),
  data: z.unknown().optional(),
  source: z.string().optional()
})

/** One line of a server's log (G1). `message` and `data` are already redacted when they leave main. */
export interface ServerLogEntry {
  timestamp: number
  level: ServerLogLevel
  message: string
  data?: unknown
  source?: string
}
