import type { ChatContextServer } from '@shared/chat/composerContext'
import type { ChatToolChoice } from '@shared/chat/conversations'
import type { McpServer } from '@shared/mcp/server'
import type { McpHost } from '../mcp/mcpHost'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { ChatError } from './chatErrors'
import { conversationServers } from './chatToolChoice'

type Registry = Pick<ServerRegistry, 'get' | 'snapshot' | 'isApproved'>

/**
 * One of the servers this chat uses (the tool picker's: picked, else every switched-on, approved
 * one). A window names a server by id; any other id is refused, so a chat reads only its servers.
 */
export function chatServer(registry: Registry, choice: ChatToolChoice, serverId: string): McpServer {
  const server = conversationServers(registry, choice).find((s) => s.id === serverId)
  if (!server) {
    throw new ChatError('CHAT_SERVER_UNAVAILABLE', `server "${serverId}" is not one this chat uses: switch it on, approve it, or pick it in the chat's tools`)
  }
  return server
}

/** The prompts, resources and templates of the chat's servers; a server that cannot list them says why. */
export function listComposerContext(mcp: McpHost, registry: Registry, choice: ChatToolChoice): Promise<ChatContextServer[]> {
  return Promise.all(
    conversationServers(registry, choice).map(async (server): Promise<ChatContextServer> => {
      const base = { serverId: server.id, server: server.name }
      try {
        const [prompts, resources, templates] = await Promise.all([mcp.listPrompts(server), mcp.listResources(server), mcp.listResourceTemplates(server)])
        return {
          ...base,
          prompts: prompts.map((p) => ({
            name: p.name,
            title: p.title,
            description: p.description,
            arguments: (p.arguments ?? []).map((a) => ({ name: a.name, description: a.description, required: a.required }))
          })),
          resources: resources.map((r) => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType })),
          templates: templates.map((t) => ({ uriTemplate: t.uriTemplate, name: t.name, title: t.title, description: t.description }))
        }
      } catch (error) {
        return { ...base, prompts: [], resources: [], templates: [], error: mcp.secrets.redact(error instanceof Error ? error.message : String(error)) }
      }
    })
  )
}
