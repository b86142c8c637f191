import type { McpServer } from '@shared/mcp/server'

/**
 * The one line that says what a server runs or reaches: the full command line for stdio (the user
 * must always see what will be executed), else the URL.
 */
export function serverTarget(server: McpServer): string | undefined {
  if (server.command) return [server.command, ...(server.args ?? [])].join(' ')
  return server.baseUrl
}

export type ServerTypeKey = NonNullable<McpServer['type']> | 'auto'

/** A URL server without a type is tried as Streamable HTTP, then SSE. */
export function serverTypeKey(server: McpServer): ServerTypeKey {
  if (server.type) return server.type
  return server.command ? 'stdio' : 'auto'
}
