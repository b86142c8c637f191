import { createContext, useContext } from 'react'
import type { McpServer } from '@shared/mcp/server'
import type { ServerLogStore } from '@renderer/store/serverLogStore'

/** What the servers page keeps of its own, beside main's data: the logs as they arrive, and its approval dialog. */
export interface ServerPage {
  logs: ServerLogStore
  /** shows the full command and resolves with the user's answer */
  askApproval: (server: McpServer) => Promise<boolean>
}

export const ServerPageContext = createContext<ServerPage | null>(null)

export function useServerPage(): ServerPage {
  const page = useContext(ServerPageContext)
  if (!page) throw new Error('useServerPage needs a ServerPageProvider above it (ServersPage provides one)')
  return page
}
