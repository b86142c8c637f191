import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError, type Prompt, type Resource, type ResourceTemplate, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { buildToolIds } from '@shared/mcp/toolNames'
import { McpServerError, replyTooLargeDetail } from './errors'

/** A server may page any list; a cursor that never ends is cut off rather than followed forever. */
const MAX_PAGES = 100

/**
 * Every page of one of a server's lists. A server without the capability has an empty list, and
 * so does one that answers "method not found"; any other failure is shown.
 */
async function listAll<P extends { nextCursor?: string }, T>(
  client: Client,
  server: McpServer,
  capability: 'tools' | 'prompts' | 'resources',
  what: string,
  request: (params: { cursor: string } | undefined) => Promise<P>,
  items: (page: P) => T[]
): Promise<T[]> {
  if (!client.getServerCapabilities()?.[capability]) return []
  const all: T[] = []
  let cursor: string | undefined
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const reply = await request(cursor ? { cursor } : undefined)
      all.push(...items(reply))
      if (!reply.nextCursor || reply.nextCursor === cursor) break
      cursor = reply.nextCursor
    }
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return []
    throw failed(server, `listing ${what}`, error)
  }
  return all
}

function failed(server: McpServer, what: string, error: unknown): McpServerError {
  if (error instanceof McpServerError) return error
  const detail = replyTooLargeDetail(error) ?? (error instanceof Error ? error.message : String(error))
  return new McpServerError(server, 'REQUEST_FAILED', `${what} failed: ${detail}`, {
    cause: error
  })
}

/** The server's tools as it lists them (cached per server key). */
export function listAllTools(client: Client, server: McpServer): Promise<Tool[]> {
  return listAll(client, server, 'tools', 'tools', (params) => client.listTools(params), (page) => page.tools)
}

/**
 * Owner and function-call id for each tool. Ids depend on the server's name, which is not part
 * of the cache key, so this runs on the cached list — once per list and name, not once per call.
 */
const decorated = new WeakMap<Tool[], Map<string, McpTool[]>>()
export function asMcpTools(server: McpServer, tools: Tool[]): McpTool[] {
  const byOwner = decorated.get(tools) ?? new Map<string, McpTool[]>()
  decorated.set(tools, byOwner)
  const owner = `${server.id}\u0000${server.name}`
  let result = byOwner.get(owner)
  if (!result) {
    const ids = buildToolIds(server.name, tools.map((tool) => tool.name))
    result = tools.map((tool, i) => ({ ...tool, id: ids[i], serverId: server.id, serverName: server.name }))
    byOwner.set(owner, result)
  }
  return result
}

export function listAllPrompts(client: Client, server: McpServer): Promise<Prompt[]> {
  return listAll(client, server, 'prompts', 'prompts', (params) => client.listPrompts(params), (page) => page.prompts)
}

export function listAllResources(client: Client, server: McpServer): Promise<Resource[]> {
  return listAll(client, server, 'resources', 'resources', (params) => client.listResources(params), (page) => page.resources)
}

export function listAllResourceTemplates(client: Client, server: McpServer): Promise<ResourceTemplate[]> {
  return listAll(
    client,
    server,
    'resources',
    'resource templates',
    (params) => client.listResourceTemplates(params),
    (page) => page.resourceTemplates
  )
}

/** Subscribe / unsubscribe to resources/updated for one uri; refused clearly when unsupported. */
export async function setSubscription(client: Client, server: McpServer, uri: string, subscribed: boolean): Promise<void> {
  if (!client.getServerCapabilities()?.resources?.subscribe) {
    throw new McpServerError(server, 'REQUEST_FAILED', 'this server does not offer resource subscriptions (no resources.subscribe capability)')
  }
  try {
    if (subscribed) await client.subscribeResource({ uri })
    else await client.unsubscribeResource({ uri })
  } catch (error) {
    throw failed(server, `${subscribed ? 'subscribing to' : 'unsubscribing from'} ${uri}`, error)
  }
}

export async function getPrompt(client: Client, server: McpServer, name: string, args?: Record<string, string>) {
  try {
    return await client.getPrompt({ name, arguments: args })
  } catch (error) {
    throw failed(server, `getting prompt "${name}"`, error)
  }
}

export async function readResource(client: Client, server: McpServer, uri: string) {
  try {
    return await client.readResource({ uri })
  } catch (error) {
    throw failed(server, `reading resource ${uri}`, error)
  }
}
