import type { ChatToolChoice } from '@shared/chat/conversations'
import type { McpServer } from '@shared/mcp/server'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { chatServers } from './chatTools'

/** The servers a conversation's turns use: those it picked, else every switched-on, approved one. */
export function conversationServers(registry: Pick<ServerRegistry, 'get' | 'snapshot' | 'isApproved'>, choice: ChatToolChoice): McpServer[] {
  const approved = (id: string) => registry.isApproved(id)
  if (!choice.serverIds) return chatServers(registry.snapshot().servers, approved)
  const picked = choice.serverIds.map((id) => registry.get(id)).filter((s): s is McpServer => !!s)
  return chatServers(picked, approved)
}
