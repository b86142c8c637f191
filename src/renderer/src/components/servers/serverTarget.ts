import type { McpServer } from '@shared/mcp/server'
import { redactUrl } from '@shared/mcp/urlSecrets'

/**
 * The one line that says what a server runs or reaches: the full command line for stdio (the user
 * must always see what will be executed), else the URL, its secret-looking query values hidden.
 */
export function serverTarget(server: McpServer): string | undefined {
  if (server.command) return [server.command, ...(server.args ?? [])].join(' ')
  return redactUrl(server.baseUrl)
}

export type ServerTypeKey = NonNullable<McpServer['type']> | 'auto'

/** A URL server without a type is tried as Streamable HTTP, then SSE. */
export function serverTypeKey(server: McpServer): ServerTypeKey {
  if (server.type) return server.type
  return server.command ? 'stdio' : 'auto'
}
