import type { McpSessionState } from '@shared/mcp/session'
import { useGetSessionQuery } from '@renderer/store/mainApi'

/**
 * The server's session as main holds it (capabilities, the log level asked, watched resources):
 * asked again at each change of its state (a stop or a restart ends the session in main) and after
 * each change the user makes to it. Undefined while unknown (or for a server removed meanwhile).
 */
export function useServerSession(serverId: string): McpSessionState | undefined {
  return useGetSessionQuery(serverId).data
}
