import { z } from 'zod'
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js'
import type { SyslogLevel } from './logs'

/** What `completion/complete` completes: a prompt's argument or a resource template's variable. */
export const CompletionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(1000) }),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(4096) })
])
export type CompletionRef = z.infer<typeof CompletionRefSchema>

export const CompletionRequestSchema = z.object({
  ref: CompletionRefSchema,
  argument: z.object({ name: z.string().min(1).max(1000), value: z.string().max(10_000) }),
  /** the arguments already filled in, so a server can narrow one by another */
  context: z.object({ arguments: z.record(z.string(), z.string().max(10_000)) }).optional()
})

/** A server's suggestions; `supported: false` when it offers no completions (nothing to suggest, not an error). */
export interface CompletionSuggestions {
  supported: boolean
  values: string[]
  total?: number
  hasMore?: boolean
}

/**
 * What main holds for a server's current session, read without starting it: whether it is
 * connected, what it offers, the log level asked of it and the resources watched. Both end
 * with the session (a stop, a restart, a crash).
 */
export interface McpSessionState {
  connected: boolean
  capabilities?: ServerCapabilities
  logLevel?: SyslogLevel
  subscriptions: string[]
}
