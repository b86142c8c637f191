import { auth, extractWWWAuthenticateParams, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { HttpServer } from '@shared/mcp/server'
import { McpServerError } from '../errors'
import { DEFAULT_CALLBACK_PORT, type CallbackServer } from './callbackServer'
import { tokenExchangeError } from './signInErrors'
import type { McpOAuthClientProvider } from './McpOAuthClientProvider'

/**
 * The sign-in of one connect. The transport runs the SDK's auth() on a 401 (discovery,
 * registration, refresh, step-up on 403 insufficient_scope, the authorization URL); when that
 * ended in the browser, the connect is refused, and `finishSignIn` waits for the callback's code
 * (5 minutes at most), exchanges it, and lets the connect go again with a new transport. Once
 * connected, `guard` does the same for a request refused mid-session (a revoked refresh token):
 * one sign-in, one retry, never a loop.
 */
export class SignInSession {
  constructor(
    readonly provider: McpOAuthClientProvider,
    private readonly server: HttpServer,
    private readonly callbacks: CallbackServer,
    private readonly fetchImpl: typeof fetch,
    private readonly interactive: boolean,
    /** every answer of the server, to note what a 401 or 403 asked for */
    private readonly onAnswer?: (response: Response, init: RequestInit | undefined) => void,
    /** how the user signs in again where this runs ("press Sign in …", "run `auth x` …") */
    private readonly hint = 'press Sign in'
  ) {}

  /**
   * The transport's fetch: a 403 insufficient_scope is noted before the SDK reacts to it, so its
   * step-up signs in for the new scopes instead of refreshing the old ones.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const response = await this.fetchImpl(input, init)
    this.onAnswer?.(response, init)
    if (response.status === 403) {
      const { error, scope } = extractWWWAuthenticateParams(response)
      if (error === 'insufficient_scope') this.provider.stepUp(scope)
    }
    return response
  }

  private get requestedPort(): number {
    return this.server.oauth?.callbackPort ?? DEFAULT_CALLBACK_PORT
  }

  /** An interactive connect holds its callback port from the start: a port in use fails it at once. */
  async begin(): Promise<void> {
    const grant = this.server.oauth?.grant
    if (this.interactive && (!grant || grant === 'authorization_code')) await this.callbacks.listen(this.requestedPort)
  }

  end(): void {
    const grant = this.server.oauth?.grant
    if (this.interactive && (!grant || grant === 'authorization_code')) this.callbacks.release(this.requestedPort)
  }

  /** After a refused connect: true once a browser sign-in it started has completed (tokens saved). */
  async finishSignIn(signal?: AbortSignal): Promise<boolean> {
    const pending = this.provider.pending
    if (!pending) return false
    this.provider.pending = undefined
    let code: string
    try {
      code = await abortable(pending.code, signal)
    } catch (error) {
      if (signal?.aborted) throw error
      throw new McpServerError(this.server, 'SIGN_IN_FAILED', (error as Error).message, { cause: error })
    }
    this.provider.step('callback')
    this.provider.exchanging = true
    try {
      return (await auth(this.provider, { serverUrl: this.server.baseUrl!, authorizationCode: code, fetchFn: this.fetchImpl })) === 'AUTHORIZED'
    } catch (error) {
      const discovery = await this.provider.discoveryState()
      throw tokenExchangeError(this.server, error, discovery?.authorizationServerMetadata?.token_endpoint, this.hint)
    } finally {
      this.provider.exchanging = false
    }
  }

  /**
   * Mid-session: a request refused for want of a sign-in waits for it and is sent once more. Where
   * no browser may open (a refresh that failed in the background), `onSignInLost` is told once.
   */
  guard(transport: Transport, onSignInLost?: (error: McpServerError) => void): void {
    const send = transport.send.bind(transport)
    let lost = false
    transport.send = async (message, options) => {
      try {
        return await send(message, options)
      } catch (error) {
        if (error instanceof McpServerError && (error.code === 'NEEDS_SIGN_IN' || error.code === 'SIGN_IN_FAILED') && !lost) {
          lost = true
          // after this request has failed with the reason, not "connection closed" from the close
          if (onSignInLost) setImmediate(() => onSignInLost(error))
        }
        if (!(error instanceof UnauthorizedError) || !this.provider.pending) throw error
        await this.finishSignIn()
        return send(message, options)
      }
    }
  }
}

function abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('stopped while waiting for the sign-in'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
