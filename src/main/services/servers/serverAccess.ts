import type { ErrorCode } from '@shared/ipc/errors'
import type { McpServer } from '@shared/mcp/server'

/** Where the servers an operation names come from: the app's registry, or a config file the CLI was given. */
export interface ServerSource {
  get(id: string): McpServer | undefined
  /** the user approved the exact target the server has now */
  isApproved(id: string): boolean
}

export type ServerAccessCode = Extract<ErrorCode, 'SERVER_NOT_FOUND' | 'NEEDS_APPROVAL'>

/** Refused before anything runs: a stable code the renderer translates, and an English detail. */
export class ServerAccessError extends Error {
  constructor(
    readonly code: ServerAccessCode,
    message: string,
    readonly data?: { serverId: string }
  ) {
    super(message)
    this.name = 'ServerAccessError'
  }
}

/** A server by id: for what runs nothing (logs, stop). */
export function knownServer(source: ServerSource, id: string): McpServer {
  const server = source.get(id)
  if (!server) throw new ServerAccessError('SERVER_NOT_FOUND', `No MCP server with id "${id.slice(0, 200)}": it may have been removed. Reload the list.`, { serverId: id })
  return server
}

/** The refusal of a server whose target the user has not approved. */
export function needsApprovalError(server: Pick<McpServer, 'id' | 'name'>): ServerAccessError {
  return new ServerAccessError(
    'NEEDS_APPROVAL',
    `MCP server "${server.name}" has not been approved to run in this form: start it from the server list to see its command and approve it.`,
    { serverId: server.id }
  )
}

/** A server that may be started or reached: known, and its exact target approved by the user. */
export function runnableServer(source: ServerSource, id: string): McpServer {
  const server = knownServer(source, id)
  if (!source.isApproved(id)) throw needsApprovalError(server)
  return server
}
