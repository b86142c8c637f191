import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate
} from '@modelcontextprotocol/sdk/types.js'
import type { ConnectivityResult, McpConnectionInfo, McpTool, PendingClientRequest } from '@shared/ipc/contract'
import type { ServerLogEntry, SyslogLevel } from '@shared/mcp/logs'
import type { CompletionSuggestions, McpSessionState } from '@shared/mcp/session'
import type { McpMessageEntry } from '@shared/mcp/messages'
import type { McpServer } from '@shared/mcp/server'
import { ClientRequests } from './clientRequests'
import { connectServer, connectTimeoutMs, type Connection } from './connect'
import { tidyErrorResult } from './errorResult'
import { McpServerError } from './errors'
import { ServerConnection, type ConnectionState, type Live } from './connection/ServerConnection'
import { McpEventBus } from './events'
import { wireConnection } from './wireConnection'
import { expandPlaceholders } from './expandPlaceholders'
import {
  CONNECT_TIMEOUT_FLOOR_MS,
  defaultBinDirs,
  type CallToolArgs,
  type ElicitationAnswer,
  type GetPromptArgs,
  type MCPServiceOptions,
  type ResourceArgs,
  type SamplingAnswer
} from './mcpServiceOptions'
import { ServerLogs } from './serverLogs'
import { complete, setLogLevel, type CompletionRequest } from './sessionFeatures'
import {
  asMcpTools,
  getPrompt,
  listAllPrompts,
  listAllResources,
  listAllResourceTemplates,
  listAllTools,
  readResource,
  setSubscription
} from './serverLists'
import { sharedLoginShellEnv, type LoginShellEnv } from './shellEnv'
import { ToolCalls, type CallOptions } from './toolCalls'
import { offersToolTasks, taskModeOf } from './taskCalls'
import { HOST_LOG_SOURCE, logToolFailure, logToolResult } from './toolCallLog'
import { builtinServers } from './builtin'
import { KnownSecrets } from './knownSecrets'
import { ServerMessages } from './messages/ServerMessages'
import { instrumentMcp, type McpInstrumentation } from '../trace/instrumentMcp'
import { connectWithSignIn, lazyOAuth } from './oauth/connectWithSignIn'
import type { ConnectTrace, OperationTrace } from './operationTrace'
import { startableExtension } from '../extensions/extensionStart'

export { CONNECT_TIMEOUT_FLOOR_MS, defaultBinDirs, type CallToolArgs, type GetPromptArgs, type MCPServiceOptions, type ResourceArgs }

/**
 * The MCP host the IPC handlers and the CLI call: a thin map of ServerConnections (one per
 * server id, owning all of that server's state) plus what spans servers: tool calls by call id
 * and the queue of what servers ask the user. It raises typed events (`events`); only the IPC
 * layer turns them into wire events.
 */
export class MCPService {
  readonly events = new McpEventBus()
  /** what leaves the host is scrubbed with these: values placeholders brought in included */
  readonly secrets = new KnownSecrets()
  private readonly connections = new Map<string, ServerConnection>()
  private readonly logs: ServerLogs
  private readonly messages: ServerMessages
  private readonly calls: ToolCalls
  private readonly requests: ClientRequests
  private readonly options: MCPServiceOptions
  private readonly resolver: { loginEnv: () => Promise<LoginShellEnv>; binDirs: string[] }
  private shuttingDown = false
  private readonly traced: McpInstrumentation | undefined
  /** SPEC §A: sign-ins, their tokens and the callback server */
  readonly oauth: ReturnType<typeof lazyOAuth>

  constructor(options: MCPServiceOptions) {
    this.options = options
    this.logs = new ServerLogs(this.events.send)
    this.messages = new ServerMessages(this.events.send)
    this.calls = new ToolCalls(this.events.send, { longRunningMaxMs: options.longRunningMaxMs })
    this.requests = new ClientRequests(this.events.send, options.clientRequestTimeoutMs)
    this.resolver = { loginEnv: options.loginShellEnv ?? sharedLoginShellEnv, binDirs: options.binDirs ?? defaultBinDirs() }
    this.traced = options.tracing && instrumentMcp(this, this.events, this.logs, options.tracing)
    // a sign-in is a span of its own, its steps events on it (SPEC §R)
    this.oauth = lazyOAuth(options.platform, this.traced ? { ...options.oauth, steps: this.traced.signIn } : options.oauth)
  }

  /** The one object of a server, made on first use and kept until it is removed. */
  private connectionOf(server: McpServer): ServerConnection {
    let owner = this.connections.get(server.id)
    if (!owner) {
      owner = new ServerConnection(server.id, {
        connect: (configured, signal, conn) =>
          this.traced ? this.traced.connect(configured, (trace) => this.start(configured, signal, conn, trace)) : this.start(configured, signal, conn),
        trust: this.options.trust ?? (() => true),
        onStatus: (configured, status, error) => {
          this.events.send('server-status', { serverId: configured.id, serverName: configured.name, status, error: error && this.secrets.redact(error.message), code: error?.code })
          // the last lines of a failing server should reach the renderer with its status
          if (status !== 'connecting') {
            this.logs.flush()
            this.messages.flush()
          }
        },
        logs: this.logs,
        now: this.options.now,
        pingTimeoutMs: this.options.pingTimeoutMs,
        quietBeforePingMs: this.options.quietBeforePingMs
      })
      this.connections.set(server.id, owner)
    }
    return owner
  }

  /** Starts one config: placeholders filled in, its transport chosen, its requests and notifications wired. */
  private async start(configured: McpServer, signal: AbortSignal, owner: ServerConnection, trace?: ConnectTrace): Promise<Connection> {
    // the identity stays the config's; the server is started with its placeholders filled in,
    // and its log redacts the values they bring in
    this.secrets.remember(configured)
    // an extension's variables and settings first (SPEC C6): a missing setting stops it here
    const extension = await startableExtension(configured, this.resolver)
    const server = await expandPlaceholders(extension.server, this.resolver.loginEnv)
    this.secrets.remember(configured, server, extension.secrets)
    const log = owner.log(configured, undefined, server)
    owner.hostLog = owner.log(configured, HOST_LOG_SOURCE, server)
    // an extension run by another runtime than its manifest names (python for python3, the app's own Node) says so
    for (const note of extension.notes) log('info', note)
    owner.roots = server.roots ?? []
    // one identity per connection: a withdrawn request is matched by it and its JSON-RPC id
    const origin = {}
    const connection = await connectWithSignIn(server, this.oauth, (auth) => connectServer(server, {
      ...auth,
      platform: this.options.platform,
      resolver: this.resolver,
      inMemoryServers: { ...builtinServers, ...this.options.inMemoryServers },
      log,
      stopGraceMs: this.options.stopGraceMs,
      timeoutMs: connectTimeoutMs(server, this.options.connectTimeoutFloorMs ?? CONNECT_TIMEOUT_FLOOR_MS),
      signal,
      trace,
      tapMessages: () => this.messages.tap(configured, server),
      handlers: {
        roots: () => owner.roots,
        elicit: (params, request) => this.requests.elicit(configured, params, { connection: origin, ...request }, log),
        sample: (params, request) => this.requests.sample(configured, params, { connection: origin, ...request }, log)
      }
    }), (lost) => {
      // a refresh failed where no browser may open: over until the user signs in, and the window says so
      const status = { serverId: configured.id, serverName: configured.name, status: 'error' as const, error: this.secrets.redact(lost.message), code: lost.code }
      void owner.close(configured, null).then(() => this.events.send('server-status', status))
    })
    wireConnection({ emit: this.events.send, withdrawn: (o, rpcId) => this.requests.withdrawn(o, rpcId) }, configured, owner, connection, origin, log)
    return connection
  }

  private client(server: McpServer): Promise<Live> {
    if (this.shuttingDown) return Promise.reject(new McpServerError(server, 'STOPPED', 'the app is shutting down'))
    return this.connectionOf(server).get(server)
  }

  async initClient(server: McpServer): Promise<McpConnectionInfo> {
    return (await this.client(server)).connection.info
  }

  /** Where a server is (O4); `stopped` for one never started. */
  stateOf(serverId: string): ConnectionState {
    return this.connections.get(serverId)?.state ?? 'stopped'
  }

  /** The pid of a connected stdio server (tests, the CLI, diagnostics). */
  pidOf(server: McpServer): number | undefined {
    return this.connections.get(server.id)?.peek()?.connection.pid
  }

  /** K1: cached for 5 min per config; `refresh` asks the server again (L7's connectivity check). */
  async listTools(server: McpServer, options: { refresh?: boolean } = {}): Promise<McpTool[]> {
    const { key, connection } = await this.client(server)
    const tools = await this.connectionOf(server).caches.get('tools', key, [], () => listAllTools(connection.client, server), options)
    return asMcpTools(server, tools)
  }

  /** `trace`: the call's span, given by the tracing that wraps this (SPEC §R) */
  async callTool(args: CallToolArgs, options: Omit<CallOptions, 'callId'> = {}, trace?: OperationTrace): Promise<CallToolResult> {
    const owner = this.connectionOf(args.server)
    const { key, connection } = owner.ready(args.server) ?? (await this.client(args.server))
    const { client } = connection
    // X9: only a server that takes tasks pays for looking the tool up (in the cached list)
    const taskMode = offersToolTasks(client)
      ? await taskModeOf(args.name, () => owner.caches.get('tools', key, [], () => listAllTools(client, args.server)))
      : undefined
    // the Logs tab shows what the host did too: one line per call, ok, error or cancelled
    const log = owner.hostLog ?? owner.log(args.server, HOST_LOG_SOURCE)
    const startedAt = performance.now()
    let result: CallToolResult
    try {
      result = await this.calls.call(client, args.server, args.name, args.args, { ...options, callId: args.callId }, taskMode, trace)
    } catch (error) {
      logToolFailure(log, args.name, startedAt, error, trace?.traceId)
      throw error
    }
    logToolResult(log, args.name, startedAt, result, trace?.traceId)
    // a failure is a message to the user, who may be sharing the screen: secrets out of it (G3);
    // a successful result is data for the model and stays exact
    return result.isError ? this.secrets.redactErrorResult(tidyErrorResult(result)) : result
  }

  abortTool(callId: string): boolean {
    return this.calls.abort(callId)
  }

  /** K2 */
  async listPrompts(server: McpServer): Promise<Prompt[]> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('prompts', key, [], () => listAllPrompts(connection.client, server))
  }

  /** K3: one prompt per name and arguments */
  async getPrompt({ server, name, args }: GetPromptArgs): Promise<GetPromptResult> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('prompt', key, [name, args ?? {}], () => getPrompt(connection.client, server, name, args))
  }

  /** K4 */
  async listResources(server: McpServer): Promise<Resource[]> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('resources', key, [], () => listAllResources(connection.client, server))
  }

  async listResourceTemplates(server: McpServer): Promise<ResourceTemplate[]> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('resourceTemplates', key, [], () => listAllResourceTemplates(connection.client, server))
  }

  /** Reads are never cached: a resource is read because its current content is wanted. */
  async getResource({ server, uri }: ResourceArgs): Promise<ReadResourceResult> {
    return readResource((await this.client(server)).connection.client, server, uri)
  }

  async subscribeResource({ server, uri }: ResourceArgs): Promise<void> {
    await setSubscription((await this.client(server)).connection.client, server, uri, true)
    this.connectionOf(server).subscriptions.add(uri)
  }

  async unsubscribeResource({ server, uri }: ResourceArgs): Promise<void> {
    await setSubscription((await this.client(server)).connection.client, server, uri, false)
    this.connectionOf(server).subscriptions.delete(uri)
  }

  /** Suggestions for a prompt argument or a template variable (completion/complete). */
  async complete(server: McpServer, request: CompletionRequest): Promise<CompletionSuggestions> {
    return complete((await this.client(server)).connection.client, server, request)
  }

  /** logging/setLevel; main remembers it for the session, so the Logs tab shows what was asked. */
  async setLogLevel(server: McpServer, level: SyslogLevel): Promise<void> {
    await setLogLevel((await this.client(server)).connection.client, server, level)
    const owner = this.connectionOf(server)
    owner.logLevel = level
    owner.log(server, HOST_LOG_SOURCE)('info', `asked the server for log messages from "${level}" up`)
  }

  /** The session as main holds it, without starting anything: what it offers, its log level, what is watched. */
  sessionOf(serverId: string): McpSessionState {
    const owner = this.connections.get(serverId)
    const live = owner?.state === 'connected' ? owner.peek() : undefined
    if (!owner || !live || live.connection.closed) return { connected: false, subscriptions: [] }
    return { connected: true, capabilities: live.connection.info.capabilities, logLevel: owner.logLevel, subscriptions: [...owner.subscriptions] }
  }

  /** Q1: new folders for a server; a connected one is told with roots/list_changed. */
  updateRoots(server: McpServer): Promise<boolean> {
    return this.connectionOf(server).setRoots(server, server.roots ?? [])
  }

  respondElicitation({ requestId, response }: ElicitationAnswer): boolean {
    return this.requests.respond(requestId, { kind: 'elicitation', response })
  }

  respondSampling({ requestId, response }: SamplingAnswer): boolean {
    return this.requests.respond(requestId, { kind: 'sampling', response })
  }

  pendingRequests(): PendingClientRequest[] {
    return this.requests.pending()
  }

  async stopServer(server: McpServer): Promise<void> {
    await this.connectionOf(server).close(server, 'stopped')
    this.connectionOf(server).log(server)('info', 'stopped')
  }

  async restartServer(server: McpServer): Promise<McpConnectionInfo> {
    const owner = this.connectionOf(server)
    owner.log(server)('info', 'restarting')
    // no "stopped" in between: the list and the editor go straight to "connecting"
    await owner.close(server, null)
    return this.initClient(server)
  }

  /** L5: the server is gone: its connection object ends everything it held, at once. */
  async removeServer(server: McpServer): Promise<void> {
    const owner = this.connections.get(server.id)
    if (!owner) return
    this.connections.delete(server.id)
    await owner.close(server, 'stopped')
    await owner.dispose()
    this.messages.clear(server.id)
  }

  /** L7: connect (or reuse) and list tools uncached; never throws. */
  async checkMcpConnectivity(server: McpServer): Promise<ConnectivityResult> {
    try {
      await this.listTools(server, { refresh: true })
      return { ok: true }
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) }
    }
  }

  /** Its log is kept after it stops, so the user can see why it died (G2). */
  getServerLogs(server: McpServer): ServerLogEntry[] {
    return this.logs.get(server.id)
  }

  /** Every JSON-RPC message it exchanged, the last 1,000, redacted; kept after it stops (X10). */
  getMessages(server: McpServer): McpMessageEntry[] {
    return this.messages.get(server.id)
  }

  clearMessages(server: McpServer): void {
    this.messages.clear(server.id)
  }

  /** L8: on quit, every call cancelled, every client closed, every child process ended. */
  async closeAll(): Promise<void> {
    this.shuttingDown = true
    this.calls.abortAll()
    this.requests.cancelAll()
    await Promise.allSettled([...this.connections.values()].map((owner) => owner.shutdown()))
    await this.oauth.close()
    this.logs.flush()
    this.messages.flush()
  }
}
