import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { IpcParsedArgs } from '@shared/ipc/contract'
import type { SyslogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import type { CompletionSuggestions } from '@shared/mcp/session'
import { McpServerError, replyTooLargeDetail } from './errors'

export type CompletionRequest = Omit<IpcParsedArgs<'mcp:complete'>, 'serverId'>

/** The spec caps a completion at 100 values; a server sending more is cut, not trusted. */
const MAX_VALUES = 100
const NONE: CompletionSuggestions = { supported: false, values: [] }

function what(request: CompletionRequest): string {
  const target = request.ref.type === 'ref/prompt' ? `prompt "${request.ref.name}"` : `resource template ${request.ref.uri}`
  return `completing "${request.argument.name}" of ${target}`
}

/**
 * completion/complete. A server without the `completions` capability (or one that answers
 * "method not found") has nothing to suggest: an empty answer, so typing never shows an error.
 */
export async function complete(client: Client, server: McpServer, request: CompletionRequest): Promise<CompletionSuggestions> {
  if (!client.getServerCapabilities()?.completions) return NONE
  try {
    const { completion } = await client.complete(request)
    return {
      supported: true,
      values: completion.values.slice(0, MAX_VALUES),
      total: completion.total,
      hasMore: completion.hasMore || completion.values.length > MAX_VALUES || undefined
    }
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return NONE
    const detail = replyTooLargeDetail(error) ?? (error instanceof Error ? error.message : String(error))
    throw new McpServerError(server, 'REQUEST_FAILED', `${what(request)} failed: ${detail}`, { cause: error })
  }
}

/** logging/setLevel; refused clearly (the window disables the control) when the server has no `logging` capability. */
export async function setLogLevel(client: Client, server: McpServer, level: SyslogLevel): Promise<void> {
  if (!client.getServerCapabilities()?.logging) {
    throw new McpServerError(server, 'REQUEST_FAILED', 'this server does not offer logging (no logging capability), so its log level cannot be set')
  }
  try {
    await client.setLoggingLevel(level)
  } catch (error) {
    throw new McpServerError(server, 'REQUEST_FAILED', `setting the log level to "${level}" failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error
    })
  }
}
