import { join } from 'node:path'
import type { IpcParsedArgs } from '@shared/ipc/contract'
import type { RuntimeName } from '@shared/mcp/runtimeOf'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../platform/Platform'
import type { AutoSampler } from './clientRequests'
import type { McpOAuthOptions } from './oauth/McpOAuth'
import type { McpObserver } from './operationTrace'
import type { LoginShellEnv } from './shellEnv'
import type { InMemoryServerFactories } from './transports/inMemory'

/** A connect may take this long at least */
export const CONNECT_TIMEOUT_FLOOR_MS = 180_000

/** A channel's arguments with the server it names already looked up by the caller. */
type WithServer<A> = Omit<A, 'serverId'> & { server: McpServer }
export type CallToolArgs = WithServer<IpcParsedArgs<'mcp:call-tool'>>
export type GetPromptArgs = WithServer<IpcParsedArgs<'mcp:get-prompt'>>
export type ResourceArgs = WithServer<IpcParsedArgs<'mcp:get-resource'>>
export type ElicitationAnswer = IpcParsedArgs<'mcp:respond-elicitation'>
export type SamplingAnswer = IpcParsedArgs<'mcp:respond-sampling'>

export interface MCPServiceOptions {
  platform: Platform
  /**
   * whether this exact config may be started; nothing runs otherwise. The app asks its
   * registry; a config file given to the CLI is the user's consent (the default).
   */
  trust?: (server: McpServer) => boolean
  /** the connect timeout's floor, 180 s; tests and the CLI's --connect-timeout lower it */
  connectTimeoutFloorMs?: number
  /** the login-shell environment; one memoized loader per process by default */
  loginShellEnv?: () => Promise<LoginShellEnv>
  /** folders with bundled bun / uv / uvx */
  binDirs?: string[]
  /** the path the user set per runtime (Runtimes), which wins over the PATH for that runtime's commands */
  runtimePaths?: () => Promise<Partial<Record<RuntimeName, string>>>
  /** more in-process servers by name, beside the built-ins (tests add their own) */
  inMemoryServers?: InMemoryServerFactories
  /** each step of stopping a stdio server: stdin closed → SIGTERM → SIGKILL */
  stopGraceMs?: number
  pingTimeoutMs?: number
  /** a client quiet for longer than this is pinged before reuse; 2 s */
  quietBeforePingMs?: number
  /** how long an elicitation or sampling dialog may stay unanswered (5 min) */
  clientRequestTimeoutMs?: number
  /** answers a sampling request with a model where the user allowed it for the server; otherwise the user is asked */
  autoSample?: AutoSampler
  /** the 10-minute cap on a long-running call (tests lower it) */
  longRunningMaxMs?: number
  /** the clock cache TTLs run on (tests move it) */
  now?: () => number
  /** tracing's view of connects, sign-in steps and log lines; the operations are traced by wrapping the service (`TracedMcpService`) */
  observer?: McpObserver
  /** how sign-ins open the browser, where tokens are kept */
  oauth?: McpOAuthOptions
}

/** resources/bin beside the app (packaged: process.resourcesPath/bin). */
export function defaultBinDirs(): string[] {
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath
  const dirs = [join(process.cwd(), 'resources', 'bin')]
  if (resourcesPath) dirs.unshift(join(resourcesPath, 'bin'))
  if (process.env.MCP_STUDIO_BIN_DIR) dirs.unshift(process.env.MCP_STUDIO_BIN_DIR)
  return dirs
}
