import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import type { McpHost } from '../mcp/mcpHost'

/** What OpenAI (and so every OpenAI-compatible endpoint) accepts as a function name. */
export const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/

export interface ChatTool {
  server: McpServer
  tool: McpTool
}

/** The servers a turn may use by default: switched on and approved. */
export function chatServers(servers: readonly McpServer[], isApproved: (id: string) => boolean): McpServer[] {
  return servers.filter((s) => s.isActive && isApproved(s.id))
}

/**
 * Every enabled tool of these servers by its function-call id (`mcp__server__tool`), listed
 * through MCPService, the app's only MCP client. A disabled tool is never offered.
 */
export async function listChatTools(host: McpHost, servers: readonly McpServer[]): Promise<Map<string, ChatTool>> {
  const lists = await Promise.all(servers.map(async (server) => ({ server, tools: await host.listTools(server) })))
  const byId = new Map<string, ChatTool>()
  for (const { server, tools } of lists) {
    for (const t of tools) {
      if (server.tools?.disabled?.includes(t.name)) continue
      // the ids are built to fit; a clash or a bad id would make the provider refuse the whole request
      if (!FUNCTION_NAME.test(t.id)) throw new Error(`tool "${t.name}" of ${server.name} has no valid function name ("${t.id}")`)
      if (byId.has(t.id)) throw new Error(`two tools share the function name "${t.id}"`)
      byId.set(t.id, { server, tool: t })
    }
  }
  return byId
}

/** The AI SDK's view of those tools; `execute` is the engine's (approval, the MCP call, the result's text). */
export function toToolSet(tools: Map<string, ChatTool>, execute: (id: string, input: unknown, options: { toolCallId: string; abortSignal?: AbortSignal }) => Promise<string>): ToolSet {
  const set: ToolSet = {}
  for (const [id, { tool: t }] of tools) {
    set[id] = tool({
      description: t.description ?? t.title ?? t.name,
      inputSchema: jsonSchema((t.inputSchema ?? { type: 'object', properties: {} }) as JSONSchema7),
      execute: (input: unknown, options) => execute(id, input, options)
    })
  }
  return set
}
