import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate
} from '@modelcontextprotocol/sdk/types.js'
import type { ConnectivityResult, IpcParsedArgs, McpConnectionInfo, McpTool, PendingClientRequest } from '@shared/ipc/contract'
import { IpcChannel } from '@shared/ipc/IpcChannel'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import type { IpcRouter } from './IpcRouter'

export type CallToolArgs = IpcParsedArgs<typeof IpcChannel.Mcp_CallTool>
export type GetPromptArgs = IpcParsedArgs<typeof IpcChannel.Mcp_GetPrompt>
export type GetResourceArgs = IpcParsedArgs<typeof IpcChannel.Mcp_GetResource>
export type ResourceArgs = IpcParsedArgs<typeof IpcChannel.Mcp_SubscribeResource>
export type ElicitationAnswer = IpcParsedArgs<typeof IpcChannel.Mcp_RespondElicitation>
export type SamplingAnswer = IpcParsedArgs<typeof IpcChannel.Mcp_RespondSampling>

/** What the IPC layer needs of the MCP host; MCPService implements it. Plain data in, plain data out. */
export interface McpServiceApi {
  initClient(server: McpServer): Promise<McpConnectionInfo>
  listTools(server: McpServer): Promise<McpTool[]>
  callTool(args: CallToolArgs): Promise<CallToolResult>
  listPrompts(server: McpServer): Promise<Prompt[]>
  getPrompt(args: GetPromptArgs): Promise<GetPromptResult>
  listResources(server: McpServer): Promise<Resource[]>
  getResource(args: GetResourceArgs): Promise<ReadResourceResult>
  stopServer(server: McpServer): Promise<void>
  restartServer(server: McpServer): Promise<McpConnectionInfo>
  removeServer(server: McpServer): Promise<void>
  checkMcpConnectivity(server: McpServer): Promise<ConnectivityResult>
  getServerLogs(server: McpServer): ServerLogEntry[] | Promise<ServerLogEntry[]>
  abortTool(callId: string): boolean
  listResourceTemplates(server: McpServer): Promise<ResourceTemplate[]>
  subscribeResource(args: ResourceArgs): Promise<void>
  unsubscribeResource(args: ResourceArgs): Promise<void>
  updateRoots(server: McpServer): Promise<boolean>
  respondElicitation(answer: ElicitationAnswer): boolean
  respondSampling(answer: SamplingAnswer): boolean
  pendingRequests(): PendingClientRequest[]
}

/** Maps each MCP channel to one service method, once. */
export function registerMcpHandlers(router: IpcRouter, mcp: McpServiceApi): void {
  router.handle(IpcChannel.Mcp_InitClient, ({ server }) => mcp.initClient(server))
  router.handle(IpcChannel.Mcp_ListTools, ({ server }) => mcp.listTools(server))
  router.handle(IpcChannel.Mcp_CallTool, (args) => mcp.callTool(args))
  router.handle(IpcChannel.Mcp_ListPrompts, ({ server }) => mcp.listPrompts(server))
  router.handle(IpcChannel.Mcp_GetPrompt, (args) => mcp.getPrompt(args))
  router.handle(IpcChannel.Mcp_ListResources, ({ server }) => mcp.listResources(server))
  router.handle(IpcChannel.Mcp_GetResource, (args) => mcp.getResource(args))
  router.handle(IpcChannel.Mcp_StopServer, ({ server }) => mcp.stopServer(server))
  router.handle(IpcChannel.Mcp_RestartServer, ({ server }) => mcp.restartServer(server))
  router.handle(IpcChannel.Mcp_RemoveServer, ({ server }) => mcp.removeServer(server))
  router.handle(IpcChannel.Mcp_CheckConnectivity, ({ server }) => mcp.checkMcpConnectivity(server))
  router.handle(IpcChannel.Mcp_GetServerLogs, ({ server }) => mcp.getServerLogs(server))
  router.handle(IpcChannel.Mcp_AbortTool, ({ callId }) => mcp.abortTool(callId))
  router.handle(IpcChannel.Mcp_ListResourceTemplates, ({ server }) => mcp.listResourceTemplates(server))
  router.handle(IpcChannel.Mcp_SubscribeResource, (args) => mcp.subscribeResource(args))
  router.handle(IpcChannel.Mcp_UnsubscribeResource, (args) => mcp.unsubscribeResource(args))
  router.handle(IpcChannel.Mcp_UpdateRoots, ({ server }) => mcp.updateRoots(server))
  router.handle(IpcChannel.Mcp_RespondElicitation, (answer) => mcp.respondElicitation(answer))
  router.handle(IpcChannel.Mcp_RespondSampling, (answer) => mcp.respondSampling(answer))
  router.handle(IpcChannel.Mcp_PendingRequests, () => mcp.pendingRequests())
}
