import { z } from 'zod'

/** 'out': the host sent it to the server; 'in': the server sent it to the host. */
export const McpMessageDirectionSchema = z.enum(['out', 'in'])
export type McpMessageDirection = z.infer<typeof McpMessageDirectionSchema>

/** A JSON-RPC message's kind; an error response is its own kind, so it stands out. */
export const McpMessageKindSchema = z.enum(['request', 'response', 'notification', 'error'])
export type McpMessageKind = z.infer<typeof McpMessageKindSchema>

/**
 * One JSON-RPC message a server exchanged, as it leaves main: `body` is the whole message,
 * redacted with the server's secret values and with long strings cut. A response carries the
 * method of the request it answers (matched by id) and how long that request took.
 */
export const McpMessageEntrySchema = z.object({
  /** increases with every message the host records: a reader merges batches by it */
  seq: z.number().int(),
  /** when it was sent or received (ms since the epoch) */
  time: z.number(),
  direction: McpMessageDirectionSchema,
  kind: McpMessageKindSchema,
  method: z.string().optional(),
  id: z.union([z.string(), z.number()]).optional(),
  durationMs: z.number().optional(),
  body: z.unknown()
})
export type McpMessageEntry = z.infer<typeof McpMessageEntrySchema>

/** A batch of a server's messages pushed to the windows (`mcp:messages`). */
export interface McpMessagesEvent {
  serverId: string
  entries: McpMessageEntry[]
}

/** How many messages main keeps per server (the renderer shows the same window). */
export const MESSAGES_PER_SERVER = 1000
