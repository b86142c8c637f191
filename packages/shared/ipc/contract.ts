import { z } from 'zod'
import type {
  CallToolResult,
  GetPromptResult,
  Implementation,
  Prompt,
  ReadResourceResult,
  Resource,
  ServerCapabilities,
  Tool
} from '@modelcontextprotocol/sdk/types.js'
import { McpServerSchema } from '../mcp/server'
import type { ServerLogEntry } from '../mcp/logs'
import type { ServerStatusEvent } from '../mcp/status'
import { IpcChannel, IpcEvent, type IpcChannelName, type IpcEventName } from './IpcChannel'

const server = z.object({ server: McpServerSchema })
const none = z.undefined()

/** Arguments of every channel, checked in main before any handler runs. */
export const ipcArgs = {
  [IpcChannel.App_GetInfo]: none,
  [IpcChannel.App_OpenExternal]: z.object({ url: z.string().min(1) }),
  [IpcChannel.App_OpenTraceWindow]: none,

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
  [IpcChannel.Mcp_AbortTool]: z.object({ callId: z.string().min(1) })
} satisfies Record<IpcChannelName, z.ZodType>

export type IpcArgs<C extends IpcChannelName> = z.input<(typeof ipcArgs)[C]>
export type IpcParsedArgs<C extends IpcChannelName> = z.output<(typeof ipcArgs)[C]>

export interface AppInfo {
  name: string
  version: string
  mode: 'electron' | 'browser'
  platform: string
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

export interface IpcEventPayloads {
  [IpcEvent.Mcp_ServerLog]: ServerLogEvent
  [IpcEvent.Mcp_Progress]: ProgressEvent
  [IpcEvent.Mcp_ServerStatus]: ServerStatusEvent
}

export type EventPayload<E extends IpcEventName> = IpcEventPayloads[E]
