import { createContext } from 'react'
import type { McpServer } from '@shared/mcp/server'
import type { ServerCommands } from '@renderer/store/serverCommands'
import type { ServerLogStore } from '@renderer/store/serverLogStore'

/** What the server screens do to servers; provided once by ServerRuntimeProvider. */
export interface ServerRuntimeApi {
  logs: ServerLogStore
  /** changes to the server list, made in main */
  commands: ServerCommands
  /** turns a server on: asks for approval first when needed; resolves false if the user declined */
  start(server: McpServer): Promise<boolean>
  /** connects again after an error; the server stays active */
  retry(server: McpServer): Promise<void>
  stop(server: McpServer): Promise<void>
  /** applies a saved config to a running server; `typedByUser`: the editor showed the command being saved */
  restart(server: McpServer, options?: { typedByUser?: boolean }): Promise<void>
  remove(server: McpServer): Promise<void>
  /** main holds the user's approval of the server's exact target */
  isApproved(server: McpServer): boolean
}

export const ServerRuntimeContext = createContext<ServerRuntimeApi | null>(null)
