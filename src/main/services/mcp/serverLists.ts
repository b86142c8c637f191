import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError, type Prompt, type Resource, type ResourceTemplate, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { buildToolIds } from '@shared/mcp/toolNames'
import { McpServerError, replyTooLargeDetail } from './errors'

/** A server may page any list; a cursor that never ends is cut off rather than followed forever. */
const MAX_PAGES = 100

async function collectPages<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const all: T[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, nextCursor } = await fetchPage(cursor)
    all.push(...items)
    if (!nextCursor || nextCursor === cursor) break
    cursor = nextCursor
  }
  return all
}

/** "method not found" from a server without the capability is an empty list; anything else is shown. */
async function orEmptyWhenUnsupported<T>(work: () => Promise<T[]>): Promise<T[]> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.MethodNotFound) return []
    throw error
  }
}

function failed(server: McpServer, what: string, error: unknown): McpServerError {
  if (error instanceof McpServerError) return error
  const detail = replyTooLargeDetail(error) ?? (error instanceof Error ? error.message : String(error))
  return new McpServerError(server, 'REQUEST_FAILED', `${what} failed: ${detail}`, {
    cause: error
  })
}

/** The server's tools as it lists them (cached per server key). */
export async function listAllTools(client: Client, server: McpServer): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return []
  try {
    return await orEmptyWhenUnsupported<Tool>(() =>
      collectPages(async (cursor) => {
        const page = await client.listTools(cursor ? { cursor } : undefined)
        return { items: page.tools, nextCursor: page.nextCursor }
      })
    )
  } catch (error) {
    throw failed(server, 'listing tools', error)
  }
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

export async function listAllPrompts(client: Client, server: McpServer): Promise<Prompt[]> {
  if (!client.getServerCapabilities()?.prompts) return []
  try {
    return await orEmptyWhenUnsupported(() =>
      collectPages(async (cursor) => {
        const page = await client.listPrompts(cursor ? { cursor } : undefined)
        return { items: page.prompts, nextCursor: page.nextCursor }
      })
    )
  } catch (error) {
    throw failed(server, 'listing prompts', error)
  }
}

export async function listAllResources(client: Client, server: McpServer): Promise<Resource[]> {
  if (!client.getServerCapabilities()?.resources) return []
  try {
    return await orEmptyWhenUnsupported(() =>
      collectPages(async (cursor) => {
        const page = await client.listResources(cursor ? { cursor } : undefined)
        return { items: page.resources, nextCursor: page.nextCursor }
      })
    )
  } catch (error) {
    throw failed(server, 'listing resources', error)
  }
}

export async function listAllResourceTemplates(client: Client, server: McpServer): Promise<ResourceTemplate[]> {
  if (!client.getServerCapabilities()?.resources) return []
  try {
    return await orEmptyWhenUnsupported(() =>
      collectPages(async (cursor) => {
        const page = await client.listResourceTemplates(cursor ? { cursor } : undefined)
        return { items: page.resourceTemplates, nextCursor: page.nextCursor }
      })
    )
  } catch (error) {
    throw failed(server, 'listing resource templates', error)
  }
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
