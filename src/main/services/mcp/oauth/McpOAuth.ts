import { join } from 'node:path'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../../platform/Platform'
import type { BrowserOpener } from './browser'
import { CallbackServer } from './callbackServer'
import { McpOAuthClientProvider } from './McpOAuthClientProvider'
import { OAuthStore } from './oauthStore'
import { refreshOnce } from './refreshOnce'
import { revokeTokens } from './revoke'
import { SignInSession } from './SignInSession'
import type { SignInSteps } from './signInSteps'

export interface McpOAuthOptions {
  /** how the authorization page is shown; the system browser by default */
  open?: BrowserOpener
  /** every connect may sign in (the CLI's `auth`, scripts, tests); otherwise only `signIn` does */
  interactive?: boolean
  /** this app's client metadata document (CIMD), an https URL */
  clientMetadataUrl?: string
  /** how the user starts a sign-in here; the app's Sign in button by default */
  signInHint?: string | ((server: McpServer) => string)
  /** 5 minutes; tests lower it */
  signInTimeoutMs?: number
  /** `{userData}/mcp/oauth` by default */
  dir?: string
  onProblem?: (message: string) => void
  /** tracing's view of sign-ins: each step an event on the sign-in's span */
  steps?: SignInSteps
}

/**
 * The OAuth side of the MCP host: one store and one callback server for every server, a
 * provider and a session per connect. A connect in the background never opens a browser: it
 * fails with NEEDS_SIGN_IN, and `signIn` (the user's Sign in) runs the connect that may.
 */
export class McpOAuth {
  readonly callbacks: CallbackServer
  readonly store: OAuthStore
  /** the platform's fetch, with refreshes that race each other sharing one request */
  private readonly fetch: typeof fetch
  /** the Sign in running for each server, by id */
  private readonly signingIn = new Map<string, symbol>()

  constructor(
    private readonly platform: Platform,
    private readonly options: McpOAuthOptions = {}
  ) {
    this.fetch = refreshOnce(platform.fetch)
    this.callbacks = new CallbackServer({ timeoutMs: options.signInTimeoutMs })
    this.store = new OAuthStore({
      dir: options.dir ?? join(platform.userDataDir, 'mcp', 'oauth'),
      encrypt: platform.encrypt?.bind(platform),
      decrypt: platform.decrypt?.bind(platform),
      onProblem: options.onProblem
    })
  }

  provider(server: McpServer, interactive = () => this.interactive(server)): McpOAuthClientProvider {
    return new McpOAuthClientProvider({
      server,
      store: this.store,
      callbacks: this.callbacks,
      open: this.options.open ?? ((url) => this.platform.openExternal(url.href)),
      interactive,
      clientName: this.platform.appName,
      clientUri: 'https://github.com/modelcontextprotocol',
      clientMetadataUrl: this.options.clientMetadataUrl,
      fetch: this.fetch,
      signInHint: typeof this.options.signInHint === 'function' ? this.options.signInHint(server) : (this.options.signInHint ?? 'press Sign in on the server to sign in'),
      step: this.options.steps && ((name, attributes) => this.options.steps?.step(server, name, attributes))
    })
  }

  /**
   * A connect's sign-in; none for a server that is not reached over HTTP. Only a connect started
   * by the user's Sign in may open the browser, and only while that Sign in runs: a connection
   * from before it (still closing, its stream retrying) never does.
   */
  session(server: McpServer): SignInSession | undefined {
    if (!server.baseUrl || server.type === 'stdio' || server.type === 'inMemory') return undefined
    const signIn = this.signingIn.get(server.id)
    const interactive = () => !!this.options.interactive || (signIn !== undefined && this.signingIn.get(server.id) === signIn)
    return new SignInSession(this.provider(server, interactive), server, this.callbacks, this.fetch, interactive())
  }

  /** The user's Sign in: `connect` (a restart) runs with the browser allowed. */
  async signIn<T>(server: McpServer, connect: () => Promise<T>): Promise<T> {
    const mine = Symbol(server.id)
    this.signingIn.set(server.id, mine)
    try {
      return await connect()
    } finally {
      if (this.signingIn.get(server.id) === mine) this.signingIn.delete(server.id)
    }
  }

  /** Sign out: tokens revoked where the server offers revocation, then everything stored deleted. */
  async signOut(server: McpServer): Promise<void> {
    const provider = this.provider(server, () => false)
    await revokeTokens(provider, this.platform.fetch).catch((error: unknown) => this.options.onProblem?.(`revocation failed: ${(error as Error).message}`))
    await provider.forget()
  }

  status(server: McpServer): ReturnType<McpOAuthClientProvider['summary']> {
    return this.provider(server, () => false).summary()
  }

  close(): Promise<void> {
    return this.callbacks.close()
  }

  private interactive(server: McpServer): boolean {
    return !!this.options.interactive || this.signingIn.has(server.id)
  }
}
