/** What the renderer shows for a server; driven by `mcp:server-status` events. */
export type ServerStatus = 'connecting' | 'connected' | 'disconnected' | 'stopped' | 'error'

export interface ServerStatusEvent {
  serverId: string
  serverName: string
  status: ServerStatus
  /** a message the user can act on, when status is error or disconnected */
  error?: string
}
