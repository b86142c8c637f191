/**
 * Where one server is, as main's server manager holds it. One writer (the server's connection in
 * main); the renderer only shows it: a snapshot from `mcp:get-states`, then `mcp:server-status`.
 *
 * - `stopped`: not running (switched off, or never started);
 * - `starting`: its process or URL is being connected;
 * - `connected`: its client is live;
 * - `failed`: it could not start or it ended on its own; `code` is a stable error code, `message`
 *   main's English detail (redacted); `retryAt` (ms since the epoch) when main will try again;
 * - `needs-approval`: it is switched on, but its command or URL was not approved in this form;
 * - `needs-sign-in`: a remote server refused the app until the user signs in.
 */
export type ServerState =
  | { readonly status: 'stopped' }
  | { readonly status: 'starting' }
  | { readonly status: 'connected' }
  | { readonly status: 'failed'; readonly code: string; readonly message: string; readonly retryAt?: number }
  | { readonly status: 'needs-approval' }
  | { readonly status: 'needs-sign-in'; readonly message: string }

export type ServerStatus = ServerState['status']

/** Every known server's state by id (servers never started are absent: stopped). */
export type ServerStates = Record<string, ServerState>

export interface ServerStatusEvent {
  serverId: string
  serverName: string
  state: ServerState
}

export const STOPPED: ServerState = { status: 'stopped' }

/** A remote server's OAuth sign-in as the editor shows it. */
export interface McpAuthStatus {
  signedIn: boolean
  /** the authorization server that issued the tokens */
  authorizationServer?: string
  /** the scopes granted */
  scopes?: string[]
}
