import type { ChatServerTools, ChatToolChoice } from '@shared/chat/conversations'
import type { McpHost } from '../mcp/mcpHost'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { conversationServers } from './chatToolChoice'
import { listChatTools } from './chatTools'

export type ConversationTools = ChatServerTools[]

/**
 * The picker's view: each of the conversation's servers with the tools a chat may offer, those
 * this chat left out marked; a server whose tools cannot be listed says why instead.
 */
export async function listConversationTools(mcp: McpHost, registry: ServerRegistry, choice: ChatToolChoice): Promise<ConversationTools> {
  const off = new Set(choice.disabledTools)
  return Promise.all(
    conversationServers(registry, choice).map(async (server): Promise<ChatServerTools> => {
      try {
        const tools = await listChatTools(mcp, [server])
        return {
          serverId: server.id,
          server: server.name,
          tools: [...tools].map(([id, { tool }]) => ({ id, name: tool.name, description: tool.description, ...(off.has(id) ? { disabled: true } : {}) }))
        }
      } catch (error) {
        return { serverId: server.id, server: server.name, tools: [], error: error instanceof Error ? error.message : String(error) }
      }
    })
  )
}
