import type { McpServer } from '@shared/mcp/server'
import { startableExtension } from '../extensions/extensionStart'
import { builtinServers } from './builtin'
import type { ClientRequests } from './clientRequests'
import { connectServer, connectTimeoutMs, type Connection } from './connect'
import type { ServerConnection } from './connection/ServerConnection'
import type { McpEmit } from './events'
import { expandPlaceholders } from './expandPlaceholders'
import type { KnownSecrets } from './knownSecrets'
import { CONNECT_TIMEOUT_FLOOR_MS, type MCPServiceOptions } from './mcpServiceOptions'
import type { ServerMessages } from './messages/ServerMessages'
import { connectWithSignIn, type lazyOAuth } from './oauth/connectWithSignIn'
import type { ConnectTrace } from './operationTrace'
import type { LoginShellEnv } from './shellEnv'
import type { InMemoryServerFactories } from './transports/inMemory'
import { wireConnection } from './wireConnection'

export interface ServerStartDeps {
  options: MCPServiceOptions
  resolver: { loginEnv: () => Promise<LoginShellEnv>; binDirs: string[] }
  secrets: KnownSecrets
  oauth: ReturnType<typeof lazyOAuth>
  messages: ServerMessages
  requests: ClientRequests
  emit: McpEmit
}

/**
 * How a definition becomes a live connection: its extension settings and placeholders filled in,
 * its secrets learnt, its transport chosen (with a sign-in where the server asks for one), what
 * the server asks the user routed, its notifications wired. Made once per service.
 */
export class ServerStart {
  /** the app's own servers and any a caller adds, merged once rather than at every connect */
  private readonly inMemoryServers: InMemoryServerFactories

  constructor(private readonly deps: ServerStartDeps) {
    this.inMemoryServers = { ...builtinServers, ...deps.options.inMemoryServers }
  }

  async start(configured: McpServer, signal: AbortSignal, owner: ServerConnection, trace?: ConnectTrace): Promise<Connection> {
    const { options, resolver, secrets, oauth, messages, requests, emit } = this.deps
    // the identity stays the config's; the server is started with its placeholders filled in,
    // and its log redacts the values they bring in
    secrets.remember(configured)
    // an extension's variables and settings first: a missing setting stops it here
    const extension = await startableExtension(configured, { ...resolver, runtimePaths: options.runtimePaths })
    const server = await expandPlaceholders(extension.server, resolver.loginEnv)
    secrets.remember(configured, server, extension.secrets)
    const log = owner.log(configured, undefined, server)
    owner.beginSession(configured, server)
    // an extension run by another runtime than its manifest names (python for python3, the app's own Node) says so
    for (const note of extension.notes) log('info', note)
    // one identity per connection: a withdrawn request is matched by it and its JSON-RPC id
    const origin = {}
    const connection = await connectWithSignIn(server, oauth, (auth) => connectServer(server, {
      ...auth,
      platform: options.platform,
      resolver: { ...resolver, runtimePaths: options.runtimePaths },
      inMemoryServers: this.inMemoryServers,
      log,
      stopGraceMs: options.stopGraceMs,
      timeoutMs: connectTimeoutMs(server, options.connectTimeoutFloorMs ?? CONNECT_TIMEOUT_FLOOR_MS),
      signal,
      trace,
      tapMessages: () => messages.tap(configured, server),
      handlers: {
        roots: () => owner.roots,
        elicit: (params, request) => requests.elicit(configured, params, { connection: origin, ...request }, log),
        sample: (params, request) => requests.sample(configured, params, { connection: origin, ...request }, log)
      }
    }), (lost, lostConnection) => {
      // a refresh failed where no browser may open: over until the user signs in, and the state says so
      void owner.lose(configured, lost, lostConnection)
    })
    wireConnection({ emit, withdrawn: (o, rpcId) => requests.withdrawn(o, rpcId) }, configured, owner, connection, origin, log)
    return connection
  }
}
