import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError, type Prompt, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { buildToolIds } from '@shared/mcp/toolNames'
import { McpServerError } from './errors'

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

/** P1: "method not found" from a server without the capability is an empty list; anything else is shown. */
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
  return new McpServerError(server, 'REQUEST_FAILED', `${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error
  })
}

export async function listAllTools(client: Client, server: McpServer): Promise<McpTool[]> {
  if (!client.getServerCapabilities()?.tools) return []
  try {
    const tools = await orEmptyWhenUnsupported<Tool>(() =>
      collectPages(async (cursor) => {
        const page = await client.listTools(cursor ? { cursor } : undefined)
        return { items: page.tools, nextCursor: page.nextCursor }
      })
    )
    const ids = buildToolIds(server.name, tools.map((tool) => tool.name))
    return tools.map((tool, i) => ({ ...tool, id: ids[i], serverId: server.id, serverName: server.name }))
  } catch (error) {
    throw failed(server, 'listing tools', error)
  }
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
