import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { isHttp, type McpServer } from '@shared/mcp/server'
import type { Platform } from '../../../platform/Platform'
import type { Connection } from '../connect'
import type { McpServerError } from '../errors'
import type { McpOAuth, McpOAuthOptions } from './McpOAuth'
import type { SignInSession } from './SignInSession'

export interface ConnectAuth {
  authProvider?: OAuthClientProvider
  /** the HTTP transport's fetch, watching for step-up answers */
  authFetch?: typeof fetch
  finishSignIn?: (signal?: AbortSignal) => Promise<boolean>
}

/**
 * The OAuth side, loaded with the first HTTP server (a stdio-only CLI run never pays for it),
 * one per MCPService.
 */
export function lazyOAuth(platform: Platform, options?: McpOAuthOptions): { get(): Promise<McpOAuth>; close(): Promise<void> } {
  let loaded: Promise<McpOAuth> | undefined
  return {
    get: () => (loaded ??= import('./McpOAuth').then(({ McpOAuth }) => new McpOAuth(platform, options))),
    close: async () => void (await loaded?.then((oauth) => oauth.close()))
  }
}

/** A connect of a remote server with its sign-in: the provider in, the callback port held while it runs. */
export async function connectWithSignIn(
  server: McpServer,
  oauth: { get(): Promise<McpOAuth> },
  connect: (auth: ConnectAuth) => Promise<Connection>,
  /** a refresh failed where no browser may open: the connection is over until the user signs in */
  onSignInLost?: (error: McpServerError, connection: Connection) => void
): Promise<Connection> {
  const session: SignInSession | undefined = isHttp(server) ? (await oauth.get()).session(server) : undefined
  if (!session) return connect({})
  await session.begin()
  try {
    const connection = await connect({ authProvider: session.provider, authFetch: session.fetch, finishSignIn: (signal) => session.finishSignIn(signal) })
    session.guard(connection.transport, onSignInLost && ((error) => onSignInLost(error, connection)))
    return connection
  } finally {
    session.end()
  }
}
