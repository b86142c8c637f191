import { z } from 'zod'
import type {
  Implementation,
  CreateMessageRequestParams,
  ElicitRequestParams,
  ServerCapabilities,
  TaskStatus,
  Tool
} from '@modelcontextprotocol/sdk/types.js'
import type { PackageToolKind } from '../mcp/packageTool'
import type { ServerLogEntry } from '../mcp/logs'

/** The data types that cross IPC; the channels that carry them are in contract.ts. */

/** The user's answer to an elicitation. `content` only with accept; defaults are applied in main. */
export const ElicitationResponseSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('accept'),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional()
  }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') })
])
export type ElicitationResponse = z.infer<typeof ElicitationResponseSchema>

/** The user's answer to a sampling request: a reply they typed or edited, or a rejection. */
export const SamplingResponseSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    text: z.string(),
    /** who wrote the reply; "user" when typed by hand */
    model: z.string().min(1).default('user'),
    stopReason: z.string().optional()
  }),
  z.object({ action: z.literal('reject'), reason: z.string().optional() })
])
export type SamplingResponse = z.input<typeof SamplingResponseSchema>
export interface AppInfo {
  name: string
  version: string
  mode: 'electron' | 'browser'
  platform: string
  /** where the app keeps its server list, settings, chats and logs (the user-data folder) */
  dataFolder: string
}

/** A package registry the user already set up, found in their own tool settings. */
export interface KnownRegistry {
  /** npm for npx/bunx, pip for uvx/uv */
  kind: PackageToolKind
  url: string
  /** where it was found: `~/.npmrc`, `NPM_CONFIG_REGISTRY`, `~/.config/pip/pip.conf`, … */
  source: string
}

export interface McpConnectionInfo {
  serverId: string
  serverVersion?: Implementation
  capabilities?: ServerCapabilities
  instructions?: string
}

/** A server's tool as the host shows it: the SDK's Tool plus who owns it and its function-call id. */
export interface McpTool extends Tool {
  id: string
  serverId: string
  serverName: string
}

export interface ConnectivityResult {
  ok: boolean
  reason?: string
}

export interface ProgressEvent {
  callId: string
  progress: number
  total?: number
  message?: string
  /** set when the call runs as an MCP task: its status (the task's statusMessage is `message`) */
  task?: { taskId: string; status: TaskStatus }
}

/** Logs travel in batches so a flooding server cannot flood the renderer. */
export interface ServerLogEvent {
  serverId: string
  entries: ServerLogEntry[]
}

export type McpListKind = 'tools' | 'prompts' | 'resources'

export interface ListChangedEvent {
  serverId: string
  list: McpListKind
}

export interface ResourceUpdatedEvent {
  serverId: string
  uri: string
}

/** Who is asking, on every client request event. */
interface ClientRequestBase {
  requestId: string
  serverId: string
  serverName: string
  /** when main gives up and answers for the user (cancel / reject) */
  expiresAt: number
}

/** Form mode carries `requestedSchema`; URL mode carries `url`, opened only after consent. */
export interface ElicitationRequestEvent extends ClientRequestBase {
  params: ElicitRequestParams
}

/** The messages, model preferences and max tokens, as the server sent them. */
export interface SamplingRequestEvent extends ClientRequestBase {
  params: CreateMessageRequestParams
}

/** A request still waiting for the user, oldest first. */
export type PendingClientRequest =
  | { kind: 'elicitation'; event: ElicitationRequestEvent }
  | { kind: 'sampling'; event: SamplingRequestEvent }

export interface ClientRequestDoneEvent {
  requestId: string
  outcome: 'answered' | 'timeout' | 'cancelled'
}

