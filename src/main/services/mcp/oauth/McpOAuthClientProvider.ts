import { randomBytes } from 'node:crypto'
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/sdk/client/auth-extensions.js'
import { registerClient, type AddClientAuthentication, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { HttpServer } from '@shared/mcp/server'
import { McpServerError } from '../errors'
import type { BrowserOpener } from './browser'
import { CALLBACK_PATH, DEFAULT_CALLBACK_PORT, SignInError, type CallbackServer, type PendingSignIn } from './callbackServer'
import { crossAppAccessRequest } from './crossAppAccess'
import { urlWithoutQuery, type SignInStep } from './signInSteps'
import type { OAuthRecord, OAuthStore } from './oauthStore'
import { checkAuthorizationUrl } from './urlSafety'

export interface ProviderOptions {
  server: HttpServer
  store: OAuthStore
  callbacks: CallbackServer
  open: BrowserOpener
  /**
   * Asked when a browser would open: false fails with NEEDS_SIGN_IN instead. Asked each time, so a
   * connection made during the user's Sign in does not open a browser on its own later.
   */
  interactive: () => boolean
  clientName: string
  clientUri?: string
  fetch: typeof fetch
  /** how the user starts a sign-in where this runs ("press Sign in", "run `auth x`") */
  signInHint: string
  /** each step of a sign-in as it happens (tracing): never a token, code, verifier or secret */
  step?: (name: SignInStep, attributes?: Record<string, string | number | boolean>) => void
  /** why a sign-in is needed now, as the state shows it (the scope the server asked for) */
  needsSignIn?: () => McpServerError
  /** the app-wide client metadata document, for a server that names none */
  defaultClientMetadataUrl?: () => string | undefined
}

/**
 * The SDK's OAuthClientProvider for one server. Browser sign-in (authorization code + PKCE,
 * public client, dynamic registration or CIMD, or a pre-registered client), or a machine grant
 * configured on the server (client credentials, cross-app access), whose tokens come without a
 * browser. Everything it keeps goes to the OAuthStore; a sign-in in progress is `pending`.
 */
export class McpOAuthClientProvider implements OAuthClientProvider {
  /** the browser sign-in this provider started, until its code is exchanged */
  pending: PendingSignIn | undefined
  /** how many browser sign-ins it started (tests and the CLI read it) */
  signIns = 0
  /** a callback's code is being exchanged: the tokens that come next are its */
  exchanging = false
  /** the scopes a 403 insufficient_scope asked for, until tokens for them are saved */
  private stepUpScope: string | undefined
  /** the user's Sign in wants a new grant: the tokens held are not offered (nor refreshed) until it is saved */
  private renewing = false
  private readonly file: string
  private readonly serverUrl: string

  constructor(private readonly options: ProviderOptions) {
    this.serverUrl = options.server.baseUrl ?? ''
    this.file = options.store.fileOf(this.serverUrl, options.server.oauth?.clientId)
  }

  private get config() {
    return this.options.server.oauth ?? {}
  }

  private get browserGrant(): boolean {
    return !this.config.grant || this.config.grant === 'authorization_code'
  }

  private get port(): number {
    return this.options.callbacks.portFor(this.config.callbackPort ?? DEFAULT_CALLBACK_PORT)
  }

  get redirectUrl(): string | undefined {
    return this.browserGrant ? `http://127.0.0.1:${this.port}${CALLBACK_PATH}` : undefined
  }

  /** the server's client metadata document (CIMD), when its settings name one */
  get clientMetadataUrl(): string | undefined {
    return this.browserGrant ? (this.config.clientMetadataUrl ?? this.options.defaultClientMetadataUrl?.()) : undefined
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.config.scopes?.length ? this.config.scopes.join(' ') : undefined
    const named = { client_name: this.options.clientName, client_uri: this.options.clientUri, scope }
    if (!this.browserGrant) {
      return { ...named, redirect_uris: [], grant_types: ['client_credentials'], token_endpoint_auth_method: this.config.tokenEndpointAuthMethod ?? 'client_secret_basic' }
    }
    return {
      ...named,
      redirect_uris: [this.redirectUrl!],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none'
    }
  }

  get addClientAuthentication(): AddClientAuthentication | undefined {
    const { clientId, privateKeyPem, signingAlgorithm } = this.config
    if (this.config.tokenEndpointAuthMethod !== 'private_key_jwt' || !clientId || !privateKeyPem) return undefined
    return createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: privateKeyPem, alg: signingAlgorithm ?? 'ES256' })
  }

  state(): string {
    return randomBytes(24).toString('base64url')
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const record = await this.record()
    const stored = record.clientInformation as (OAuthClientInformationMixed & { issuer?: string }) | undefined
    // a client registered with another authorization server (the server moved) is registered anew
    const issuer = record.discovery?.authorizationServerUrl
    if (stored && (!stored.issuer || typeof issuer !== 'string' || stored.issuer === issuer)) return stored
    // a 401 from a server without OAuth metadata may want a key rather than a sign-in (the
    // 2025-03-26 default endpoints are still tried when the user signs in)
    if (!this.options.interactive() && record.discovery && !record.discovery.resourceMetadata && !record.discovery.authorizationServerMetadata) {
      throw new McpServerError(
        this.options.server,
        'NEEDS_SIGN_IN',
        `${this.serverUrl} answered HTTP 401 and publishes no OAuth metadata — if it takes an API key, set it in the headers; otherwise ${this.options.signInHint}`
      )
    }
    const { clientId, clientSecret } = this.config
    if (clientId) {
      const method = this.config.tokenEndpointAuthMethod
      return { client_id: clientId, client_secret: clientSecret, ...(method && method !== 'private_key_jwt' ? { token_endpoint_auth_method: method } : {}) }
    }
    // nothing registered yet: registering is the start of a sign-in, which only the user starts
    if (!this.options.interactive() && this.browserGrant) throw this.needsSignIn()
    return this.browserGrant ? this.registerForOfflineAccess(record.discovery as OAuthDiscoveryState | undefined) : undefined
  }

  /**
   * SEP-2207 needs `offline_access` allowed for the client, and dynamic registration restricts a
   * client to the scope it registered: where the server offers it, the registration asks for the
   * resource's scopes and offline_access (undefined: the SDK registers as usual).
   */
  private async registerForOfflineAccess(discovery: OAuthDiscoveryState | undefined): Promise<OAuthClientInformationMixed | undefined> {
    const metadata = discovery?.authorizationServerMetadata
    if (!discovery || !metadata?.registration_endpoint || !metadata.scopes_supported?.includes('offline_access')) return undefined
    if (metadata.client_id_metadata_document_supported && this.clientMetadataUrl) return undefined
    // the scopes the server offers too: a later step-up (403 insufficient_scope) may ask for them
    const wanted = [...(discovery.resourceMetadata?.scopes_supported ?? []), ...(this.config.scopes ?? [])]
    const scope = wanted.length ? [...new Set([...wanted, ...metadata.scopes_supported, 'offline_access'])].join(' ') : undefined
    const info = await registerClient(discovery.authorizationServerUrl, { metadata, clientMetadata: this.clientMetadata, scope, fetchFn: this.options.fetch })
    const stamped = { ...info, issuer: String(discovery.authorizationServerUrl) }
    await this.saveClientInformation(stamped)
    return stamped
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    await this.change((r) => ({ ...r, clientInformation: info }))
    this.step('registration', { 'oauth.registration': this.clientMetadataUrl && info.client_id === this.clientMetadataUrl ? 'client metadata document' : 'dynamic' })
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const tokens = (await this.record()).tokens as OAuthTokens | undefined
    if (this.renewing) return undefined
    // a step-up needs a new grant: a refresh would only renew the scopes already held
    if (tokens && this.stepUpScope) return { ...tokens, refresh_token: undefined }
    return tokens
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const now = Date.now()
    this.stepUpScope = undefined
    this.renewing = false
    await this.change((r) => ({ ...r, tokens, tokensSavedAt: now }))
    // which grant gave them, and what they allow: never the tokens themselves
    const step = this.exchanging ? 'token.exchange' : this.browserGrant ? 'token.refresh' : 'token.grant'
    this.step(step, { 'oauth.grant': this.exchanging ? 'authorization_code' : this.browserGrant ? 'refresh_token' : (this.config.grant ?? ''), 'oauth.scope': tokens.scope ?? '' })
  }

  /** A step of the sign-in, told to tracing when it listens. */
  step(name: SignInStep, attributes?: Record<string, string | number | boolean>): void {
    this.options.step?.(name, attributes)
  }

  /** The user's Sign in: a new grant, whatever tokens are held (they may lack the scope asked for). */
  renew(): void {
    this.renewing = true
  }

  /** The scopes the tokens held were granted, if any. */
  async grantedScope(): Promise<string | undefined> {
    return ((await this.record()).tokens as OAuthTokens | undefined)?.scope
  }

  /** The server answered 403 insufficient_scope, asking for `scope`: the next auth() signs in for it. */
  stepUp(scope: string | undefined): void {
    if (!scope) return
    this.stepUpScope = scope
    this.step('step-up', { 'oauth.scope': scope })
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const url = checkAuthorizationUrl(authorizationUrl)
    if (!this.options.interactive()) throw this.needsSignIn()
    await this.askOfflineAccess(url)
    const state = url.searchParams.get('state') ?? ''
    // the callback listens before the browser opens, or a fast server's redirect finds no one
    const requested = this.config.callbackPort ?? DEFAULT_CALLBACK_PORT
    await this.options.callbacks.listen(requested)
    const pending = this.options.callbacks.expect(state, requested)
    this.options.callbacks.release(requested)
    this.pending = pending
    this.signIns++
    // the browser is asked to open the authorization page: where, and for which scopes
    this.step('authorization', { 'oauth.authorization_endpoint': urlWithoutQuery(url), 'oauth.scope': url.searchParams.get('scope') ?? '' })
    this.options.open(url).catch((error: unknown) => pending.fail(new SignInError(`the browser step failed: ${(error as Error)?.message ?? String(error)}`, 'failed')))
  }

  /**
   * SEP-2207: a sign-in that should outlive the access token asks for `offline_access` when the
   * authorization server offers it (and consent, as OIDC wants for it); the SDK asks only for
   * the resource's scopes.
   */
  private async askOfflineAccess(url: URL): Promise<void> {
    const offered = (await this.discoveryState())?.authorizationServerMetadata?.scopes_supported
    const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean)
    if (!offered?.includes('offline_access') || scopes.includes('offline_access')) return
    url.searchParams.set('scope', [...scopes, 'offline_access'].join(' '))
    if (!url.searchParams.getAll('prompt').includes('consent')) url.searchParams.append('prompt', 'consent')
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.change((r) => ({ ...r, codeVerifier }))
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.record()).codeVerifier
    if (!verifier) throw new Error('no PKCE verifier was saved for this sign-in')
    return verifier
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    await this.change((r) => ({
      serverUrl: r.serverUrl,
      clientInformation: scope === 'all' || scope === 'client' ? undefined : r.clientInformation,
      tokens: scope === 'all' || scope === 'tokens' ? undefined : r.tokens,
      tokensSavedAt: scope === 'all' || scope === 'tokens' ? undefined : r.tokensSavedAt,
      codeVerifier: scope === 'all' || scope === 'verifier' ? undefined : r.codeVerifier,
      discovery: scope === 'all' || scope === 'discovery' ? undefined : r.discovery
    }))
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.change((r) => ({ ...r, discovery: JSON.parse(JSON.stringify(state)) as Record<string, unknown> }))
    this.step('discovery', {
      'oauth.authorization_server': urlWithoutQuery(state.authorizationServerUrl),
      'oauth.resource_metadata': state.resourceMetadataUrl ? urlWithoutQuery(state.resourceMetadataUrl) : ''
    })
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.record()).discovery as OAuthDiscoveryState | undefined
  }

  /** Machine grants: the token request the SDK posts; undefined for the browser sign-in. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (this.config.grant === 'client_credentials') {
      const params = new URLSearchParams({ grant_type: 'client_credentials' })
      if (scope) params.set('scope', scope)
      return params
    }
    if (this.config.grant === 'cross_app_access') {
      if (!this.config.idp) throw new McpServerError(this.options.server, 'BAD_CONFIG', 'cross-app access needs oauth.idp (token endpoint, client id, ID token)')
      return crossAppAccessRequest(this.config.idp, await this.discoveryState(), scope, this.options.fetch)
    }
    return undefined
  }

  /** What the editor shows: the authorization server and the scopes granted. */
  async summary(): Promise<{ authorizationServer?: string; scopes?: string[]; signedIn: boolean }> {
    const record = await this.record()
    const scope = (record.tokens as OAuthTokens | undefined)?.scope
    return {
      authorizationServer: typeof record.discovery?.authorizationServerUrl === 'string' ? record.discovery.authorizationServerUrl : undefined,
      scopes: scope ? scope.split(' ').filter(Boolean) : undefined,
      signedIn: !!record.tokens
    }
  }

  /** Sign out: the stored client, tokens and discovery removed. */
  forget(): Promise<void> {
    return this.options.store.remove(this.file)
  }

  needsSignIn(): McpServerError {
    if (this.options.needsSignIn) return this.options.needsSignIn()
    return new McpServerError(this.options.server, 'NEEDS_SIGN_IN', `needs sign-in — ${this.options.signInHint}`)
  }

  private record(): Promise<OAuthRecord> {
    return this.options.store.read(this.file, this.serverUrl)
  }

  private change(how: (record: OAuthRecord) => Omit<OAuthRecord, 'lastUpdated'>): Promise<void> {
    return this.options.store.update(this.file, this.serverUrl, how)
  }
}
