/** What the renderer shows for a server; driven by `mcp:server-status` events. */
export type ServerStatus = 'connecting' | 'connected' | 'disconnected' | 'stopped' | 'error'

export interface ServerStatusEvent {
  serverId: string
  serverName: string
  status: ServerStatus
  /** a message the user can act on, when status is error or disconnected (English detail) */
  error?: string
  /** the stable code of that error, for the sentence the renderer shows in the user's language */
  code?: string
}

/** A remote server's OAuth sign-in as the editor shows it (SPEC §A). */
export interface McpAuthStatus {
  signedIn: boolean
  /** the authorization server that issued the tokens */
  authorizationServer?: string
  /** the scopes granted */
  scopes?: string[]
}
