import { join } from 'node:path'
import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate
} from '@modelcontextprotocol/sdk/types.js'
import type { ConnectivityResult, IpcParsedArgs, McpConnectionInfo, McpTool, PendingClientRequest } from '@shared/ipc/contract'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { getServerKey } from '@shared/mcp/serverKey'
import type { ServerStatus } from '@shared/mcp/status'
import type { Platform } from '../../platform/Platform'
import { ServerCaches } from './caches'
import { ClientRegistry, type ClientEntry } from './clientRegistry'
import { ClientRequests } from './clientRequests'
import { connectServer, connectTimeoutMs, type Connection } from './connect'
import { expandPlaceholders } from './expandPlaceholders'
import { handleNotifications, watchCancellations } from './notifications'
import { ServerLogs, type ServerLogWriter } from './serverLogs'
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
import type { InMemoryServerFactories } from './transports/inMemory'

export const CONNECT_TIMEOUT_FLOOR_MS = 180_000

/** A channel's arguments with the server it names already looked up (and its trust checked) by the caller. */
type WithServer<C extends keyof IpcParsedArgsMap> = Omit<IpcParsedArgsMap[C], 'serverId'> & { server: McpServer }
interface IpcParsedArgsMap {
  call: IpcParsedArgs<'mcp:call-tool'>
  prompt: IpcParsedArgs<'mcp:get-prompt'>
  resource: IpcParsedArgs<'mcp:get-resource'>
}
export type CallToolArgs = WithServer<'call'>
export type GetPromptArgs = WithServer<'prompt'>
export type ResourceArgs = WithServer<'resource'>
type ElicitationAnswer = IpcParsedArgs<'mcp:respond-elicitation'>
type SamplingAnswer = IpcParsedArgs<'mcp:respond-sampling'>

export interface MCPServiceOptions {
  platform: Platform
  /** L4's 180 s floor; tests and the CLI's --connect-timeout lower it */
  connectTimeoutFloorMs?: number
  /** the login-shell environment (C1); one memoized loader per process by default */
  loginShellEnv?: () => Promise<LoginShellEnv>
  /** folders with bundled bun / uv / uvx (C2, C3) */
  binDirs?: string[]
  /** built-in servers reachable with type inMemory, by server name (T4) */
  inMemoryServers?: InMemoryServerFactories
  /** each step of stopping a stdio server: stdin closed → SIGTERM → SIGKILL */
  stopGraceMs?: number
  pingTimeoutMs?: number
  /** a client quiet for longer than this is pinged before reuse (L3); 2 s */
  quietBeforePingMs?: number
  /** how long an elicitation or sampling dialog may stay unanswered (5 min) */
  clientRequestTimeoutMs?: number
  /** X3's 10-minute cap on a long-running call (tests lower it) */
  longRunningMaxMs?: number
  /** the clock cache TTLs run on (tests move it) */
  now?: () => number
}

/** resources/bin beside the app (packaged: process.resourcesPath/bin). */
export function defaultBinDirs(): string[] {
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath
  const dirs = [join(process.cwd(), 'resources', 'bin')]
  if (resourcesPath) dirs.unshift(join(resourcesPath, 'bin'))
  if (process.env.MCP_STUDIO_BIN_DIR) dirs.unshift(process.env.MCP_STUDIO_BIN_DIR)
  return dirs
}

/**
 * The MCP host the IPC handlers call (and the CLI). Orchestration only: connecting lives in
 * connect.ts and transports/, keeping clients healthy in clientRegistry.ts, calls in toolCalls.ts.
 */
export class MCPService {
  private readonly platform: Platform
  private readonly logs: ServerLogs
  private readonly registry: ClientRegistry
  private readonly calls: ToolCalls
  private readonly caches: ServerCaches
  private readonly requests: ClientRequests
  /** Q1: the folders each server key sees now; updateRoots changes them while connected */
  private readonly roots = new Map<string, string[]>()

  constructor(options: MCPServiceOptions) {
    const platform = (this.platform = options.platform)
    this.logs = new ServerLogs(platform)
    this.calls = new ToolCalls(platform, { longRunningMaxMs: options.longRunningMaxMs })
    this.caches = new ServerCaches(options.now)
    this.requests = new ClientRequests(platform, options.clientRequestTimeoutMs)
    const floorMs = options.connectTimeoutFloorMs ?? CONNECT_TIMEOUT_FLOOR_MS
    const resolver = { loginEnv: options.loginShellEnv ?? sharedLoginShellEnv, binDirs: options.binDirs ?? defaultBinDirs() }
    this.registry = new ClientRegistry({
      pingTimeoutMs: options.pingTimeoutMs,
      quietBeforePingMs: options.quietBeforePingMs,
      log: (server) => this.logs.writer(server),
      onStatus: (server, status, error) => this.emitStatus(server, status, error),
      connect: async (configured, signal) => {
        // the identity stays the config's; the server is started with its placeholders filled in,
        // and its log redacts the values they bring in
        const key = getServerKey(configured)
        const server = await expandPlaceholders(configured, resolver.loginEnv)
        const log = this.logs.writer(configured, undefined, server)
        this.roots.set(key, server.roots ?? [])
        // one identity per connection: a withdrawn request is matched by it and its JSON-RPC id
        const origin = {}
        const connection = await connectServer(server, {
          platform,
          resolver,
          inMemoryServers: options.inMemoryServers ?? {},
          log,
          stopGraceMs: options.stopGraceMs,
          timeoutMs: connectTimeoutMs(server, floorMs),
          signal,
          handlers: {
            roots: () => this.roots.get(key) ?? [],
            elicit: (params, request) => this.requests.elicit(configured, params, { connection: origin, ...request }, log),
            sample: (params, request) => this.requests.sample(configured, params, { connection: origin, ...request }, log)
          }
        })
        this.onConnected(configured, key, connection, origin, log)
        return connection
      }
    })
  }

  /** A fresh connection: nothing cached from before it (K), its notifications wired (N), its tools listed once (N7). */
  private onConnected(server: McpServer, key: string, connection: Connection, origin: object, log: ServerLogWriter): void {
    this.caches.drop(key)
    handleNotifications(connection.client, {
      log,
      dropCaches: (kinds) => this.caches.drop(key, kinds),
      listChanged: (list) => this.platform.emit('mcp:list-changed', { serverId: server.id, list }),
      resourceUpdated: (uri) => this.platform.emit('mcp:resource-updated', { serverId: server.id, uri })
    })
    watchCancellations(connection.transport, log, (rpcId) => this.requests.withdrawn(origin, rpcId))
    // N7: an early tools/list_changed over Streamable HTTP can be missed; list once, into the cache
    this.caches
      .get('tools', key, [], () => listAllTools(connection.client, server))
      .catch((error: unknown) => log('warn', `listing tools after connecting failed: ${(error as Error).message}`))
  }

  private emitStatus(server: McpServer, status: ServerStatus, error?: string): void {
    this.platform.emit('mcp:server-status', { serverId: server.id, serverName: server.name, status, error })
    // the last lines of a failing server should reach the renderer with its status
    if (status !== 'connecting') this.logs.flush()
  }

  private client(server: McpServer): Promise<ClientEntry> {
    return this.registry.get(server)
  }

  async initClient(server: McpServer): Promise<McpConnectionInfo> {
    return (await this.client(server)).connection.info
  }

  /** The pid of a connected stdio server (tests, the CLI, diagnostics). */
  pidOf(server: McpServer): number | undefined {
    return this.registry.peek(server)?.connection.pid
  }

  /** K1: cached for 5 min per server key; `refresh` asks the server again (L7's connectivity check). */
  async listTools(server: McpServer, options: { refresh?: boolean } = {}): Promise<McpTool[]> {
    const { key, connection } = await this.client(server)
    const tools = await this.caches.get('tools', key, [], () => listAllTools(connection.client, server), options)
    return asMcpTools(server, tools)
  }

  async callTool(args: CallToolArgs, options: Omit<CallOptions, 'callId'> = {}): Promise<CallToolResult> {
    const { connection } = this.registry.ready(args.server) ?? (await this.client(args.server))
    return this.calls.call(connection.client, args.server, args.name, args.args, { ...options, callId: args.callId })
  }

  abortTool(callId: string): boolean {
    return this.calls.abort(callId)
  }

  /** K2 */
  async listPrompts(server: McpServer): Promise<Prompt[]> {
    const { key, connection } = await this.client(server)
    return this.caches.get('prompts', key, [], () => listAllPrompts(connection.client, server))
  }

  /** K3: one prompt per name and arguments */
  async getPrompt({ server, name, args }: GetPromptArgs): Promise<GetPromptResult> {
    const { key, connection } = await this.client(server)
    return this.caches.get('prompt', key, [name, args ?? {}], () => getPrompt(connection.client, server, name, args))
  }

  /** K4 */
  async listResources(server: McpServer): Promise<Resource[]> {
    const { key, connection } = await this.client(server)
    return this.caches.get('resources', key, [], () => listAllResources(connection.client, server))
  }

  async listResourceTemplates(server: McpServer): Promise<ResourceTemplate[]> {
    const { key, connection } = await this.client(server)
    return this.caches.get('resourceTemplates', key, [], () => listAllResourceTemplates(connection.client, server))
  }

  /** Reads are never cached: a resource is read because its current content is wanted. */
  async getResource({ server, uri }: ResourceArgs): Promise<ReadResourceResult> {
    return readResource((await this.client(server)).connection.client, server, uri)
  }

  async subscribeResource({ server, uri }: ResourceArgs): Promise<void> {
    await setSubscription((await this.client(server)).connection.client, server, uri, true)
  }

  async unsubscribeResource({ server, uri }: ResourceArgs): Promise<void> {
    await setSubscription((await this.client(server)).connection.client, server, uri, false)
  }

  /** Q1: new folders for a server; a connected one is told with roots/list_changed. */
  async updateRoots(server: McpServer): Promise<boolean> {
    const key = getServerKey(server)
    const next = server.roots ?? []
    const before = this.roots.get(key)
    this.roots.set(key, next)
    const entry = this.registry.peek(server)
    if (!entry || entry.connection.closed || (before && sameList(before, next))) return false
    await entry.connection.client.sendRootsListChanged()
    this.logs.writer(server)('info', `roots changed: ${next.length} folder(s)`)
    return true
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
    await this.registry.close(server, 'stopped')
    this.logs.writer(server)('info', 'stopped')
  }

  async restartServer(server: McpServer): Promise<McpConnectionInfo> {
    this.logs.writer(server)('info', 'restarting')
    // no "stopped" in between: the list and the editor go straight to "connecting"
    await this.registry.close(server, null)
    return this.initClient(server)
  }

  async removeServer(server: McpServer): Promise<void> {
    await this.registry.close(server, 'stopped')
    const key = getServerKey(server)
    this.caches.drop(key)
    this.roots.delete(key)
    this.logs.remove(server)
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

  getServerLogs(server: McpServer): ServerLogEntry[] {
    return this.logs.get(server)
  }

  /** L8: on quit, every call cancelled, every client closed, every child process ended. */
  async closeAll(): Promise<void> {
    this.calls.abortAll()
    this.requests.cancelAll()
    await this.registry.closeAll()
    this.logs.flush()
  }
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
