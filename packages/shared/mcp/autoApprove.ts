import type { McpServer } from './server'

/**
 * Whether a chat may run this tool without asking. The switch starts on for the app's own
 * built-ins and off for everything else (typed in, imported, from a link, a registry or an
 * extension); the user's choice per tool wins either way.
 */
export function autoApproves(server: Pick<McpServer, 'installSource' | 'autoApproveTools' | 'disabledAutoApproveTools'>, tool: string): boolean {
  if (server.disabledAutoApproveTools?.includes(tool)) return false
  if (server.autoApproveTools?.includes(tool)) return true
  return server.installSource === 'builtin'
}
