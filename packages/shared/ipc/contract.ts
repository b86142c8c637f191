import { z } from 'zod'
import type {
  CallToolResult,
  GetPromptResult,
  Implementation,
  Prompt,
  CreateMessageRequestParams,
  ElicitRequestParams,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool
} from '@modelcontextprotocol/sdk/types.js'
import { McpServerSchema } from '../mcp/server'
import type { PackageToolKind } from '../mcp/packageTool'
import type { ServerLogEntry } from '../mcp/logs'
import type { ServerStatusEvent } from '../mcp/status'
import { IpcChannel, IpcEvent, type IpcChannelName, type IpcEventName } from './IpcChannel'

const server = z.object({ server: McpServerSchema })

/** The user's answer to an elicitation (Q2). `content` only with accept; defaults are applied in main. */
export const ElicitationResponseSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('accept'),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional()
  }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') })
])
export type ElicitationResponse = z.infer<typeof ElicitationResponseSchema>

/** The user's answer to a sampling request (Q3): a reply they typed or edited, or a rejection. */
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
const none = z.undefined()

/** Arguments of every channel, checked in main before any handler runs. */
export const ipcArgs = {
  [IpcChannel.App_GetInfo]: none,
  [IpcChannel.App_OpenExternal]: z.object({ url: z.string().min(1) }),
  [IpcChannel.App_OpenTraceWindow]: none,
  [IpcChannel.App_FetchImage]: z.object({ url: z.string().min(1).max(4096) }),
  [IpcChannel.App_KnownRegistries]: none,

  [IpcChannel.Storage_GetItem]: z.object({ key: z.string().regex(/^[\w:.-]{1,100}$/) }),
  [IpcChannel.Storage_SetItem]: z.object({
    key: z.string().regex(/^[\w:.-]{1,100}$/),
    value: z.string().max(20 * 1024 * 1024)
  }),
  [IpcChannel.Storage_RemoveItem]: z.object({ key: z.string().regex(/^[\w:.-]{1,100}$/) }),

  [IpcChannel.Mcp_InitClient]: server,
  [IpcChannel.Mcp_ListTools]: server,
  [IpcChannel.Mcp_CallTool]: z.object({
    server: McpServerSchema,
    name: z.string().min(1),
    /** an object, or a JSON string of one ('' means {}) (X1) */
    args: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
    callId: z.string().min(1).optional()
  }),
  [IpcChannel.Mcp_ListPrompts]: server,
  [IpcChannel.Mcp_GetPrompt]: z.object({
    server: McpServerSchema,
    name: z.string().min(1),
    args: z.record(z.string(), z.string()).optional()
  }),
  [IpcChannel.Mcp_ListResources]: server,
  [IpcChannel.Mcp_GetResource]: z.object({ server: McpServerSchema, uri: z.string().min(1) }),
  [IpcChannel.Mcp_StopServer]: server,
  [IpcChannel.Mcp_RestartServer]: server,
  [IpcChannel.Mcp_RemoveServer]: server,
  [IpcChannel.Mcp_CheckConnectivity]: server,
  [IpcChannel.Mcp_GetServerLogs]: server,
  [IpcChannel.Mcp_AbortTool]: z.object({ callId: z.string().min(1) }),
  [IpcChannel.Mcp_ListResourceTemplates]: server,
  [IpcChannel.Mcp_SubscribeResource]: z.object({ server: McpServerSchema, uri: z.string().min(1) }),
  [IpcChannel.Mcp_UnsubscribeResource]: z.object({ server: McpServerSchema, uri: z.string().min(1) }),
  /** the server as saved, with its new `roots`: a connected server is told its roots changed (Q1) */
  [IpcChannel.Mcp_UpdateRoots]: server,
  [IpcChannel.Mcp_RespondElicitation]: z.object({ requestId: z.string().min(1), response: ElicitationResponseSchema }),
  [IpcChannel.Mcp_RespondSampling]: z.object({ requestId: z.string().min(1), response: SamplingResponseSchema }),
  /** what is still waiting for the user: a window that (re)loads shows the dialogs it missed */
  [IpcChannel.Mcp_PendingRequests]: none
} satisfies Record<IpcChannelName, z.ZodType>

export type IpcArgs<C extends IpcChannelName> = z.input<(typeof ipcArgs)[C]>
export type IpcParsedArgs<C extends IpcChannelName> = z.output<(typeof ipcArgs)[C]>

export interface AppInfo {
  name: string
  version: string
  mode: 'electron' | 'browser'
  platform: string
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

/** A server's tool as the host shows it: the SDK's Tool plus who owns it and its function-call id (X7). */
export interface McpTool extends Tool {
  id: string
  serverId: string
  serverName: string
}

export interface ConnectivityResult {
  ok: boolean
  reason?: string
}

/** Result type of every channel. */
export interface IpcResults {
  [IpcChannel.App_GetInfo]: AppInfo
  [IpcChannel.App_OpenExternal]: void
  /** opened: a window was made (Electron); otherwise `url` is for the caller to open (browser mode) */
  [IpcChannel.App_OpenTraceWindow]: { opened: boolean; url?: string }
  [IpcChannel.App_FetchImage]: { dataUrl: string }
  [IpcChannel.App_KnownRegistries]: KnownRegistry[]
  [IpcChannel.Storage_GetItem]: string | null
  [IpcChannel.Storage_SetItem]: void
  [IpcChannel.Storage_RemoveItem]: void
  [IpcChannel.Mcp_InitClient]: McpConnectionInfo
  [IpcChannel.Mcp_ListTools]: McpTool[]
  [IpcChannel.Mcp_CallTool]: CallToolResult
  [IpcChannel.Mcp_ListPrompts]: Prompt[]
  [IpcChannel.Mcp_GetPrompt]: GetPromptResult
  [IpcChannel.Mcp_ListResources]: Resource[]
  [IpcChannel.Mcp_GetResource]: ReadResourceResult
  [IpcChannel.Mcp_StopServer]: void
  [IpcChannel.Mcp_RestartServer]: McpConnectionInfo
  [IpcChannel.Mcp_RemoveServer]: void
  [IpcChannel.Mcp_CheckConnectivity]: ConnectivityResult
  [IpcChannel.Mcp_GetServerLogs]: ServerLogEntry[]
  [IpcChannel.Mcp_AbortTool]: boolean
  [IpcChannel.Mcp_ListResourceTemplates]: ResourceTemplate[]
  [IpcChannel.Mcp_SubscribeResource]: void
  [IpcChannel.Mcp_UnsubscribeResource]: void
  /** true when a connected server was told */
  [IpcChannel.Mcp_UpdateRoots]: boolean
  /** false when the request is no longer waiting (timed out, cancelled by the server, answered) */
  [IpcChannel.Mcp_RespondElicitation]: boolean
  [IpcChannel.Mcp_RespondSampling]: boolean
  [IpcChannel.Mcp_PendingRequests]: PendingClientRequest[]
}

export interface ProgressEvent {
  callId: string
  progress: number
  total?: number
  message?: string
}

/** Logs travel in batches so a flooding server cannot flood the renderer (G4). */
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

/** Q2: form mode carries `requestedSchema`; URL mode carries `url`, opened only after consent. */
export interface ElicitationRequestEvent extends ClientRequestBase {
  params: ElicitRequestParams
}

/** Q3: the messages, model preferences and max tokens, as the server sent them. */
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

export interface IpcEventPayloads {
  [IpcEvent.Mcp_ServerLog]: ServerLogEvent
  [IpcEvent.Mcp_Progress]: ProgressEvent
  [IpcEvent.Mcp_ServerStatus]: ServerStatusEvent
  [IpcEvent.Mcp_ListChanged]: ListChangedEvent
  [IpcEvent.Mcp_ResourceUpdated]: ResourceUpdatedEvent
  [IpcEvent.Mcp_ElicitationRequest]: ElicitationRequestEvent
  [IpcEvent.Mcp_SamplingRequest]: SamplingRequestEvent
  [IpcEvent.Mcp_ClientRequestDone]: ClientRequestDoneEvent
}

export type EventPayload<E extends IpcEventName> = IpcEventPayloads[E]
