import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { listAllPrompts, listAllResourceTemplates, listAllTools } from '../../../src/main/services/mcp/serverLists'

const server: McpServer = { id: 's', name: 'paged', type: 'stdio', command: 'paged', isActive: true }

// a client whose tools/list and prompts/list answer from `pages`, by cursor ('' for the first)
function pagedClient(pages: Record<string, { names: string[]; nextCursor?: string }>, capabilities: object = { tools: {}, prompts: {} }) {
  const asked: (string | undefined)[] = []
  const page = (params?: { cursor?: string }) => {
    asked.push(params?.cursor)
    const found = pages[params?.cursor ?? '']
    if (!found) return Promise.reject(new Error(`no page ${params?.cursor}`))
    return Promise.resolve({ names: found.names, nextCursor: found.nextCursor })
  }
  const client = {
    getServerCapabilities: () => capabilities,
    listTools: async (params?: { cursor?: string }) => {
      const p = await page(params)
      return { tools: p.names.map((name) => ({ name, inputSchema: { type: 'object' } })), nextCursor: p.nextCursor }
    },
    listPrompts: async (params?: { cursor?: string }) => {
      const p = await page(params)
      return { prompts: p.names.map((name) => ({ name })), nextCursor: p.nextCursor }
    },
    listResourceTemplates: () => Promise.reject(new McpError(ErrorCode.MethodNotFound, 'no'))
  }
  return { client: client as unknown as Client, asked }
}

describe('paginated lists', () => {
  it('follows every page, in order', async () => {
    const { client, asked } = pagedClient({ '': { names: ['a'], nextCursor: 'c1' }, c1: { names: ['b', 'c'], nextCursor: 'c2' }, c2: { names: ['d'] } })
    expect((await listAllTools(client, server)).map((t) => t.name)).toEqual(['a', 'b', 'c', 'd'])
    expect(asked).toEqual([undefined, 'c1', 'c2'])
  })

  it('stops at a cursor that repeats itself', async () => {
    const { client, asked } = pagedClient({ '': { names: ['a'], nextCursor: 'c1' }, c1: { names: ['b'], nextCursor: 'c1' } })
    expect((await listAllPrompts(client, server)).map((p) => p.name)).toEqual(['a', 'b'])
    expect(asked).toEqual([undefined, 'c1'])
  })

  it('is empty without the capability, or when the server does not know the method', async () => {
    const { client, asked } = pagedClient({ '': { names: ['a'] } }, { prompts: {}, resources: {} })
    expect(await listAllTools(client, server)).toEqual([])
    expect(asked).toEqual([])
    expect(await listAllResourceTemplates(client, server)).toEqual([])
  })

  it('any other failure names the list', async () => {
    const { client } = pagedClient({ '': { names: ['a'], nextCursor: 'gone' } })
    await expect(listAllPrompts(client, server)).rejects.toMatchObject({ code: 'REQUEST_FAILED', message: expect.stringContaining('listing prompts failed: no page gone') })
  })
})
