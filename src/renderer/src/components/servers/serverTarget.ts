import type { McpServer } from '@shared/mcp/server'
import { redactUrl } from '@shared/mcp/urlSecrets'

/**
 * The one line that says what a server runs or reaches: the full command line for stdio (the user
 * must always see what will be executed), else the URL, its secret-looking query values hidden.
 */
export function serverTarget(server: McpServer): string | undefined {
  if (server.type === 'stdio') return [server.command, ...(server.args ?? [])].join(' ')
  return server.type === 'inMemory' ? undefined : redactUrl(server.baseUrl)
}

export type ServerTypeKey = Exclude<McpServer['type'], 'httpAuto'> | 'auto'

/** A URL server with no protocol given is tried as Streamable HTTP, then SSE. */
export function serverTypeKey(server: McpServer): ServerTypeKey {
  return server.type === 'httpAuto' ? 'auto' : server.type
}
