import { createContext } from 'react'
import type { McpServer } from '@shared/mcp/server'
import type { ServerLogStore } from '@renderer/store/serverLogStore'

/** What the server screens do to running servers; provided once by ServerRuntimeProvider. */
export interface ServerRuntimeApi {
  logs: ServerLogStore
  /** turns a server on: asks for approval first when needed (SPEC §S); resolves false if the user declined */
  start(server: McpServer): Promise<boolean>
  /** connects again after an error; the server stays active */
  retry(server: McpServer): Promise<void>
  stop(server: McpServer): Promise<void>
  /** applies a saved config to a running server */
  restart(server: McpServer): Promise<void>
  remove(server: McpServer): Promise<void>
  needsApproval(server: McpServer): boolean
}

export const ServerRuntimeContext = createContext<ServerRuntimeApi | null>(null)
