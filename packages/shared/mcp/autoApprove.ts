import type { McpServer } from './server'

/**
 * Whether a chat may run this tool without asking. The switch starts on for the app's own
 * built-ins and off for everything else (typed in, imported, from a link, a registry or an
 * extension); the user's choice per tool wins either way.
 */
export function autoApproves(server: Pick<McpServer, 'installSource' | 'tools'>, tool: string): boolean {
  if (server.tools?.askFirst?.includes(tool)) return false
  if (server.tools?.autoApprove?.includes(tool)) return true
  return server.installSource === 'builtin'
}
