import { join } from 'node:path'
import type { CallToolResult, GetPromptResult, Prompt, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js'
import type { ConnectivityResult, McpConnectionInfo, McpTool } from '@shared/ipc/contract'
import { IpcEvent } from '@shared/ipc/IpcChannel'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import type { ServerStatus } from '@shared/mcp/status'
import type { CallToolArgs, GetPromptArgs, GetResourceArgs, McpServiceApi } from '../../ipc/registerMcpHandlers'
import type { Platform } from '../../platform/Platform'
import { ClientRegistry, type ClientEntry } from './clientRegistry'
import { connectServer, connectTimeoutMs } from './connect'
import { ServerLogs } from './serverLogs'
import { getPrompt, listAllPrompts, listAllResources, listAllTools, readResource } from './serverLists'
import { createLoginShellEnvLoader, type LoginShellEnv } from './shellEnv'
import { ToolCalls, type CallOptions } from './toolCalls'
import type { InMemoryServerFactories } from './transports/inMemory'

export const CONNECT_TIMEOUT_FLOOR_MS = 180_000

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
}

const sharedLoginShellEnv = createLoginShellEnvLoader()

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
export class MCPService implements McpServiceApi {
  private readonly platform: Platform
  private readonly logs: ServerLogs
  private readonly registry: ClientRegistry
  private readonly calls: ToolCalls

  constructor(options: MCPServiceOptions) {
    const platform = (this.platform = options.platform)
    this.logs = new ServerLogs(platform)
    this.calls = new ToolCalls(platform)
    const floorMs = options.connectTimeoutFloorMs ?? CONNECT_TIMEOUT_FLOOR_MS
    const resolver = { loginEnv: options.loginShellEnv ?? sharedLoginShellEnv, binDirs: options.binDirs ?? defaultBinDirs() }
    this.registry = new ClientRegistry({
      pingTimeoutMs: options.pingTimeoutMs,
      log: (server) => this.logs.writer(server),
      onStatus: (server, status, error) => this.emitStatus(server, status, error),
      connect: (server, signal) =>
        connectServer(server, {
          platform,
          resolver,
          inMemoryServers: options.inMemoryServers ?? {},
          log: this.logs.writer(server),
          stopGraceMs: options.stopGraceMs,
          timeoutMs: connectTimeoutMs(server, floorMs),
          signal
        })
    })
  }

  private emitStatus(server: McpServer, status: ServerStatus, error?: string): void {
    this.platform.emit(IpcEvent.Mcp_ServerStatus, { serverId: server.id, serverName: server.name, status, error })
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

  async listTools(server: McpServer): Promise<McpTool[]> {
    return listAllTools((await this.client(server)).connection.client, server)
  }

  async callTool(args: CallToolArgs, options: Omit<CallOptions, 'callId'> = {}): Promise<CallToolResult> {
    const { connection } = await this.client(args.server)
    return this.calls.call(connection.client, args.server, args.name, args.args, { ...options, callId: args.callId })
  }

  abortTool(callId: string): boolean {
    return this.calls.abort(callId)
  }

  async listPrompts(server: McpServer): Promise<Prompt[]> {
    return listAllPrompts((await this.client(server)).connection.client, server)
  }

  async getPrompt({ server, name, args }: GetPromptArgs): Promise<GetPromptResult> {
    return getPrompt((await this.client(server)).connection.client, server, name, args)
  }

  async listResources(server: McpServer): Promise<Resource[]> {
    return listAllResources((await this.client(server)).connection.client, server)
  }

  async getResource({ server, uri }: GetResourceArgs): Promise<ReadResourceResult> {
    return readResource((await this.client(server)).connection.client, server, uri)
  }

  async stopServer(server: McpServer): Promise<void> {
    await this.registry.close(server, 'stopped')
    this.logs.writer(server)('info', 'stopped')
  }

  async restartServer(server: McpServer): Promise<McpConnectionInfo> {
    this.logs.writer(server)('info', 'restarting')
    await this.registry.close(server, undefined)
    return this.initClient(server)
  }

  async removeServer(server: McpServer): Promise<void> {
    await this.registry.close(server, 'stopped')
    this.logs.remove(server)
  }

  /** L7: connect (or reuse) and list tools uncached; never throws. */
  async checkMcpConnectivity(server: McpServer): Promise<ConnectivityResult> {
    try {
      await this.listTools(server)
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
    await this.registry.closeAll()
    this.logs.flush()
  }
}
