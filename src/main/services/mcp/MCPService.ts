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
import { STOPPED, type ServerState, type ServerStates } from '@shared/mcp/status'
import { ClientRequests } from './clientRequests'
import { tidyErrorResult } from './errorResult'
import { McpServerError } from './errors'
import { ServerConnection, type Live } from './connection/ServerConnection'
import { McpEventBus } from './events'
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
import { logToolFailure, logToolResult } from './toolCallLog'
import { KnownSecrets } from './knownSecrets'
import { ServerMessages } from './messages/ServerMessages'
import { ServerStart } from './serverStart'
import { lazyOAuth } from './oauth/connectWithSignIn'
import type { McpObserver, OperationTrace } from './operationTrace'

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
  /** tool calls running now, by server id */
  private readonly runningCalls = new Map<string, number>()
  private readonly options: MCPServiceOptions
  private readonly resolver: { loginEnv: () => Promise<LoginShellEnv>; binDirs: string[] }
  private shuttingDown = false
  /** what tracing sees of the work the service does on its own (connects, sign-in steps, log lines) */
  private readonly observer: McpObserver | undefined
  /** sign-ins, their tokens and the callback server */
  readonly oauth: ReturnType<typeof lazyOAuth>
  private readonly starter: ServerStart

  constructor(options: MCPServiceOptions) {
    this.options = options
    this.logs = new ServerLogs(this.events.send)
    this.messages = new ServerMessages(this.events.send)
    this.calls = new ToolCalls(this.events.send, { longRunningMaxMs: options.longRunningMaxMs })
    this.requests = new ClientRequests(this.events.send, options.clientRequestTimeoutMs, options.autoSample)
    this.resolver = { loginEnv: options.loginShellEnv ?? sharedLoginShellEnv, binDirs: options.binDirs ?? defaultBinDirs() }
    this.observer = options.observer
    if (this.observer) this.logs.watch(this.observer.logLine)
    this.oauth = lazyOAuth(options.platform, this.observer ? { ...options.oauth, steps: this.observer.signInSteps } : options.oauth)
    this.starter = new ServerStart({ options, resolver: this.resolver, secrets: this.secrets, oauth: this.oauth, messages: this.messages, requests: this.requests, emit: this.events.send })
  }

  /** The one object of a server, made on first use and kept until it is removed. */
  private connectionOf(server: McpServer): ServerConnection {
    let owner = this.connections.get(server.id)
    if (!owner) {
      owner = new ServerConnection(server.id, {
        connect: (configured, signal, conn) =>
          this.observer
            ? this.observer.connect(configured, (trace) => this.starter.start(configured, signal, conn, trace))
            : this.starter.start(configured, signal, conn),
        trust: this.options.trust ?? (() => true),
        redact: (text) => this.secrets.redact(text),
        onState: (configured, state) => {
          this.events.send('server-status', { serverId: configured.id, serverName: configured.name, state })
          // the last lines of a failing server should reach the renderer with its state
          if (state.status !== 'starting') {
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

  private client(server: McpServer): Promise<Live> {
    if (this.shuttingDown) return Promise.reject(new McpServerError(server, 'STOPPED', 'the app is shutting down'))
    return this.connectionOf(server).get(server)
  }

  async initClient(server: McpServer): Promise<McpConnectionInfo> {
    return (await this.client(server)).connection.info
  }

  /** Where a server is; `stopped` for one never started. */
  stateOf(serverId: string): ServerState {
    return this.connections.get(serverId)?.state ?? STOPPED
  }

  /** Every server's state that is not `stopped`, by id: the snapshot a window starts from. */
  states(): ServerStates {
    const states: ServerStates = {}
    for (const [id, owner] of this.connections) if (owner.state.status !== 'stopped') states[id] = owner.state
    return states
  }

  /** A failed server will be tried again at `at`: its state says when. */
  noteRetry(server: McpServer, at: number): void {
    this.connections.get(server.id)?.retryAt(server, at)
  }

  /** The pid of a connected stdio server (tests, the CLI, diagnostics). */
  pidOf(server: McpServer): number | undefined {
    return this.connections.get(server.id)?.peek()?.connection.pid
  }

  /** cached for 5 min per config; `refresh` asks the server again (as the connectivity check does). */
  async listTools(server: McpServer, options: { refresh?: boolean } = {}): Promise<McpTool[]> {
    const { key, connection } = await this.client(server)
    const tools = await this.connectionOf(server).caches.get('tools', key, [], () => listAllTools(connection.client, server), options)
    return asMcpTools(server, tools)
  }

  /**
   * Calls a tool. `trace` is the span the call runs in, given by whoever traces it
   * (`TracedMcpService`): its traceparent goes to the server in `_meta`, its trace id onto the
   * Logs tab's line. A parameter of its own, not part of `options`, so their shape is one
   * whether the call is traced or not.
   */
  async callTool(args: CallToolArgs, options: Omit<CallOptions, 'callId'> = {}, trace?: OperationTrace): Promise<CallToolResult> {
    const owner = this.connectionOf(args.server)
    const { key, connection } = owner.ready(args.server) ?? (await this.client(args.server))
    const { client } = connection
    // only a server that takes tasks pays for looking the tool up (in the cached list)
    const taskMode = offersToolTasks(client)
      ? await taskModeOf(args.name, () => owner.caches.get('tools', key, [], () => listAllTools(client, args.server)))
      : undefined
    // the Logs tab shows what the host did too: one line per call, ok, error or cancelled
    const log = owner.hostLog(args.server)
    const startedAt = performance.now()
    const askedSince = Date.now()
    const serverId = args.server.id
    this.runningCalls.set(serverId, (this.runningCalls.get(serverId) ?? 0) + 1)
    let result: CallToolResult
    try {
      result = await this.calls.call(client, args.server, args.name, args.args, { ...options, callId: args.callId }, taskMode, trace)
    } catch (error) {
      logToolFailure(log, args.name, startedAt, error, trace?.traceId)
      // a dialog the call's server opened for it must not outlive it; with another call of the
      // server still running, which one asked cannot be told, so those stay
      if (endsItsQuestions(error) && this.runningCalls.get(serverId) === 1) this.requests.endAskedSince(serverId, askedSince)
      throw error
    } finally {
      const left = (this.runningCalls.get(serverId) ?? 1) - 1
      if (left > 0) this.runningCalls.set(serverId, left)
      else this.runningCalls.delete(serverId)
    }
    logToolResult(log, args.name, startedAt, result, trace?.traceId)
    // a failure is a message to the user, who may be sharing the screen: secrets out of it;
    // a successful result is data for the model and stays exact
    return result.isError ? this.secrets.redactErrorResult(tidyErrorResult(result)) : result
  }

  abortTool(callId: string): boolean {
    return this.calls.abort(callId)
  }

  /** cached for 60 min per config */
  async listPrompts(server: McpServer): Promise<Prompt[]> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('prompts', key, [], () => listAllPrompts(connection.client, server))
  }

  /** cached for 30 min per config, name and arguments */
  async getPrompt({ server, name, args }: GetPromptArgs): Promise<GetPromptResult> {
    const { key, connection } = await this.client(server)
    return this.connectionOf(server).caches.get('prompt', key, [name, args ?? {}], () => getPrompt(connection.client, server, name, args))
  }

  /** cached for 5 min per config */
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
    this.connectionOf(server).watch(uri, true)
  }

  async unsubscribeResource({ server, uri }: ResourceArgs): Promise<void> {
    await setSubscription((await this.client(server)).connection.client, server, uri, false)
    this.connectionOf(server).watch(uri, false)
  }

  /** Suggestions for a prompt argument or a template variable (completion/complete). */
  async complete(server: McpServer, request: CompletionRequest): Promise<CompletionSuggestions> {
    return complete((await this.client(server)).connection.client, server, request)
  }

  /** logging/setLevel; main remembers it for the session, so the Logs tab shows what was asked. */
  async setLogLevel(server: McpServer, level: SyslogLevel): Promise<void> {
    await setLogLevel((await this.client(server)).connection.client, server, level)
    this.connectionOf(server).noteLogLevel(server, level)
  }

  /** The session as main holds it, without starting anything: what it offers, its log level, what is watched. */
  sessionOf(serverId: string): McpSessionState {
    const owner = this.connections.get(serverId)
    const live = owner?.state.status === 'connected' ? owner.peek() : undefined
    if (!owner || !live || live.connection.closed) return { connected: false, subscriptions: [] }
    return { connected: true, capabilities: live.connection.info.capabilities, logLevel: owner.logLevel, subscriptions: [...owner.subscriptions] }
  }

  /** new folders for a server; a connected one is told with roots/list_changed. */
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
    await this.connectionOf(server).close(server, 'stop')
    this.connectionOf(server).log(server)('info', 'stopped')
  }

  async restartServer(server: McpServer): Promise<McpConnectionInfo> {
    const owner = this.connectionOf(server)
    owner.log(server)('info', 'restarting')
    // no "stopped" in between: the list and the editor go straight to "connecting"
    await owner.close(server, 'restart')
    return this.initClient(server)
  }

  /** The user's Sign in: the authorization in the browser now, then a restart with its tokens; a failure is the state. */
  async signIn(server: McpServer): Promise<McpConnectionInfo> {
    return (await this.oauth.get()).signIn(
      server,
      () => this.restartServer(server),
      (error) => this.connectionOf(server).refused(server, error)
    )
  }

  /** the server is gone: its connection object ends everything it held, at once. */
  async removeServer(server: McpServer): Promise<void> {
    const owner = this.connections.get(server.id)
    if (!owner) return
    this.connections.delete(server.id)
    await owner.close(server, 'stop')
    await owner.dispose()
    this.messages.clear(server.id)
  }

  /** connect (or reuse) and list tools uncached; never throws. */
  checkMcpConnectivity(server: McpServer): Promise<ConnectivityResult> {
    return connectivityOf(this.listTools(server, { refresh: true }))
  }

  /** Its log is kept after it stops, so the user can see why it died. */
  getServerLogs(server: McpServer): ServerLogEntry[] {
    return this.logs.get(server.id)
  }

  /** Every JSON-RPC message it exchanged, the last 1,000, redacted; kept after it stops. */
  getMessages(server: McpServer): McpMessageEntry[] {
    return this.messages.get(server.id)
  }

  clearMessages(server: McpServer): void {
    this.messages.clear(server.id)
  }

  /** on quit, every call cancelled, every client closed, every child process ended. */
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

/** What the connectivity check reports of a fresh tool list: ok, or why not. */
export async function connectivityOf(listing: Promise<unknown>): Promise<ConnectivityResult> {
  try {
    await listing
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** A call that timed out or was cancelled: what its server asked the user for it is moot. */
function endsItsQuestions(error: unknown): boolean {
  return error instanceof McpServerError && (error.code === 'CANCELLED' || error.code === 'TOOL_TIMEOUT')
}
