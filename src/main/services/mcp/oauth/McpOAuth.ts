import { join } from 'node:path'
import { auth, discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js'
import { isHttp, type HttpServer, type McpServer } from '@shared/mcp/server'
import type { Platform } from '../../../platform/Platform'
import { McpServerError } from '../errors'
import type { BrowserOpener } from './browser'
import { Challenges, SIGN_IN_LIMIT, unionOf } from './challenges'
import { CallbackServer } from './callbackServer'
import { McpOAuthClientProvider } from './McpOAuthClientProvider'
import { OAuthStore } from './oauthStore'
import { refreshOnce } from './refreshOnce'
import { revokeTokens } from './revoke'
import { signInStartError } from './signInErrors'
import { SignInSession } from './SignInSession'
import type { SignInSteps } from './signInSteps'

export interface McpOAuthOptions {
  /** how the authorization page is shown; the system browser by default */
  open?: BrowserOpener
  /** how the user starts a sign-in here; the app's Sign in button by default */
  signInHint?: string | ((server: HttpServer) => string)
  /** `{userData}/mcp/oauth` by default */
  dir?: string
  onProblem?: (message: string) => void
  /** tracing's view of sign-ins: each step an event on the sign-in's span */
  steps?: SignInSteps
  /** the app-wide client metadata document, asked at each sign-in; a server's own wins */
  clientMetadataUrl?: () => string | undefined
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
  /** what each server's 401s and 403s asked for, and the Sign ins since */
  readonly challenges = new Challenges()
  /** the Sign in running for each server, by id */
  private readonly signingIn = new Map<string, symbol>()

  constructor(
    private readonly platform: Platform,
    private readonly options: McpOAuthOptions = {}
  ) {
    this.fetch = refreshOnce(platform.fetch)
    this.callbacks = new CallbackServer()
    this.store = new OAuthStore({
      dir: options.dir ?? join(platform.userDataDir, 'mcp', 'oauth'),
      encrypt: platform.encrypt?.bind(platform),
      decrypt: platform.decrypt?.bind(platform),
      onProblem: options.onProblem
    })
  }

  /** `interactive`: may it open the browser now (asked each time); never, unless the caller says so */
  provider(server: HttpServer, interactive: () => boolean = () => false): McpOAuthClientProvider {
    return new McpOAuthClientProvider({
      server,
      store: this.store,
      callbacks: this.callbacks,
      open: this.options.open ?? ((url) => this.platform.openExternal(url.href)),
      interactive,
      clientName: this.platform.appName,
      clientUri: 'https://github.com/modelcontextprotocol',
      fetch: this.fetch,
      signInHint: this.hint(server),
      step: this.options.steps && ((name, attributes) => this.options.steps?.step(server, name, attributes)),
      needsSignIn: () => this.needsSignIn(server),
      defaultClientMetadataUrl: this.options.clientMetadataUrl
    })
  }

  private hint(server: HttpServer): string {
    return typeof this.options.signInHint === 'function' ? this.options.signInHint(server) : (this.options.signInHint ?? 'press Sign in on the server to sign in')
  }

  /**
   * Why the server needs a sign-in now, with the scope it asked for; after three Sign ins the
   * server still refused for that scope, an error saying so instead of a fourth.
   */
  needsSignIn(server: HttpServer): McpServerError {
    const challenge = this.challenges.of(server.id)
    const scope = challenge?.scope
    if (challenge && challenge.signIns >= SIGN_IN_LIMIT) {
      return new McpServerError(
        server,
        'SIGN_IN_FAILED',
        `${server.baseUrl} still refused after ${challenge.signIns} sign-ins${scope ? ` for the scope "${scope}"` : ''}: the authorization server does not grant what it asks for. Ask the server's administrator for access, then ${this.hint(server)} again`
      )
    }
    return new McpServerError(server, 'NEEDS_SIGN_IN', `needs sign-in${scope ? ` (it asks for the scope "${scope}")` : ''} — ${this.hint(server)}`)
  }

  /**
   * A connect's sign-in; none for a server that is not reached over HTTP. Only a connect started
   * by the user's Sign in may open the browser, and only while that Sign in runs: a connection
   * from before it (still closing, its stream retrying) never does.
   */
  session(server: McpServer): SignInSession | undefined {
    if (!isHttp(server) || !server.baseUrl) return undefined
    const signIn = this.signingIn.get(server.id)
    const interactive = () => signIn !== undefined && this.signingIn.get(server.id) === signIn
    const heard = (response: Response, init: RequestInit | undefined) => this.challenges.heard(server.id, response, init)
    return new SignInSession(this.provider(server, interactive), server, this.callbacks, this.fetch, interactive(), heard, this.hint(server))
  }

  /**
   * The user's Sign in: the authorization runs now, whether or not the server's `initialize`
   * needs a token, then `connect` (a restart) uses its tokens (and may still open the browser,
   * for a server that says what it wants only when it is connected to).
   */
  async signIn<T>(server: McpServer, connect: () => Promise<T>, failed?: (error: McpServerError) => Promise<void>): Promise<T> {
    const mine = Symbol(server.id)
    this.signingIn.set(server.id, mine)
    try {
      try {
        if (isHttp(server)) await this.authorize(server)
      } catch (error) {
        const refused = error instanceof McpServerError ? error : new McpServerError(server, 'SIGN_IN_FAILED', (error as Error)?.message ?? String(error), { cause: error })
        // the state says why, as a connect that failed would
        await failed?.(refused)
        throw refused
      }
      return await connect()
    } finally {
      if (this.signingIn.get(server.id) === mine) this.signingIn.delete(server.id)
    }
  }

  /**
   * The browser sign-in of a Sign in: discovery (anew each time: the server may have moved its
   * authorization server) from what the server's last 401 or 403 named, or else its protected
   * resource metadata; a new grant for the scopes it asked for and those held before (a
   * step-up); the code exchanged. A server that has asked for nothing and publishes no
   * metadata is left to the connect, which finds out whether it wants a sign-in at all.
   */
  private async authorize(server: HttpServer): Promise<void> {
    const grant = server.oauth?.grant
    if (!server.baseUrl || (grant && grant !== 'authorization_code')) return
    let challenge = this.challenges.of(server.id)
    // a Sign in pressed after the limit starts the count again: the user says something changed
    if (challenge && challenge.signIns >= SIGN_IN_LIMIT) {
      this.challenges.forget(server.id)
      challenge = undefined
    }
    if (!challenge && !(await this.publishesMetadata(server.baseUrl))) return
    const session = new SignInSession(this.provider(server, () => true), server, this.callbacks, this.fetch, true, undefined, this.hint(server))
    const provider = session.provider
    await provider.invalidateCredentials('discovery')
    const scope = challenge?.scope ? unionOf(challenge.scope, await provider.grantedScope()) : undefined
    provider.renew()
    this.challenges.signingIn(server.id)
    await session.begin()
    try {
      const resourceMetadataUrl = challenge?.resourceMetadataUrl ? new URL(challenge.resourceMetadataUrl) : undefined
      const result = await auth(provider, { serverUrl: server.baseUrl, resourceMetadataUrl, scope, fetchFn: this.fetch }).catch((error: unknown) => {
        throw signInStartError(server, error, this.hint(server))
      })
      if (result === 'REDIRECT') await session.finishSignIn()
    } finally {
      session.end()
    }
  }

  private async publishesMetadata(serverUrl: string): Promise<boolean> {
    try {
      await discoverOAuthProtectedResourceMetadata(serverUrl, undefined, this.fetch)
      return true
    } catch {
      return false
    }
  }

  /** Sign out: tokens revoked where the server offers revocation, then everything stored deleted. */
  async signOut(server: HttpServer): Promise<void> {
    const provider = this.provider(server, () => false)
    await revokeTokens(provider, this.platform.fetch).catch((error: unknown) => this.options.onProblem?.(`revocation failed: ${(error as Error).message}`))
    await provider.forget()
    this.challenges.forget(server.id)
  }

  status(server: HttpServer): ReturnType<McpOAuthClientProvider['summary']> {
    return this.provider(server, () => false).summary()
  }

  close(): Promise<void> {
    return this.callbacks.close()
  }

}
