import { describe, expect, it } from 'vitest'
import { parseMcpConfig } from '@shared/mcp/configImport'
import type { McpServer } from '@shared/mcp/server'
import { exportMcpServers } from '@renderer/components/servers/exportConfig'
import { planImport } from '@renderer/components/servers/importPlan'
import { pageAsksFirst } from '@renderer/components/servers/approval'

const s = (id: string, name = id, extra: Partial<McpServer> = {}): McpServer => ({ id, name, type: 'stdio', command: 'node', isActive: false, ...extra }) as McpServer

describe('import plan', () => {
  it('renames a taken name (case-insensitively) to the first free "name (n)", also against names it just added', () => {
    const plan = planImport([s('x1', 'Fetch'), s('x2', 'fetch'), s('x3', 'new')], [s('a', 'fetch'), s('b', 'fetch (2)')], 'rename')
    expect(plan.map((p) => [p.server.name, p.action])).toEqual([
      ['Fetch (3)', 'rename'],
      ['fetch (4)', 'rename'],
      ['new', 'add']
    ])
  })

  it('skips taken names when asked', () => {
    expect(planImport([s('x', 'a'), s('y', 'b')], [s('1', 'A')], 'skip').map((p) => p.action)).toEqual(['skip', 'add'])
  })

  it('never reuses an id already in the list', () => {
    let n = 0
    const plan = planImport([s('a', 'other')], [s('a', 'first')], 'rename', () => `fresh-${++n}`)
    expect(plan[0].server.id).toBe('fresh-1')
  })
})

describe('export', () => {
  it('round-trips through the importer: every field it writes comes back', () => {
    const servers: McpServer[] = [
      s('1', 'local', { type: 'stdio', args: ['a b', 'c'], env: { K: 'v' }, cwd: '/tmp', registryUrl: 'https://r.example/simple', timeout: 30, longRunning: true, ui: { tags: ['x'] }, tools: { disabled: ['t'] }, roots: ['/home/me/notes'], isActive: true }),
      { id: '2', name: 'remote', type: 'streamableHttp', baseUrl: 'https://example.com/mcp', headers: { Authorization: 'Bearer z' }, ui: { provider: 'P' }, isActive: false }
    ]
    const back = parseMcpConfig(JSON.stringify(exportMcpServers(servers)))
    expect(back.map(({ id: _id, installSource: _src, ...rest }) => rest)).toEqual(servers.map(({ id: _id, ...rest }) => rest))
  })

  it('writes a built-in as the public package that does the same, which the importer turns back into the built-in', () => {
    const builtins: McpServer[] = [
      { id: 'm', name: '@studio/memory', type: 'inMemory', env: { MEMORY_FILE_PATH: '/home/me/graph.json' }, isActive: true },
      { id: 'f', name: '@studio/filesystem', type: 'inMemory', args: ['/home/me/notes', '/home/me/code'], isActive: true },
      { id: 't', name: '@studio/sequential-thinking', type: 'inMemory', isActive: false },
      { id: 'w', name: '@studio/fetch', type: 'inMemory', env: { FETCH_ALLOW_PRIVATE: '1' }, isActive: true }
    ]
    const file = exportMcpServers(builtins).mcpServers
    // what another host reads: runnable commands, no in-process type
    expect(Object.values(file).map((e) => e.type)).toEqual(['stdio', 'stdio', 'stdio', 'stdio'])
    expect(file['@studio/memory']).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '/home/me/graph.json' } })
    expect(file['@studio/filesystem']).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/notes', '/home/me/code'] })
    expect(file['@studio/sequential-thinking']).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-sequential-thinking'] })
    // fetch's switches are ours alone: the package does not read them
    expect(file['@studio/fetch']).toEqual({ type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'], studioBuiltin: '@studio/fetch', isActive: true })
    const back = parseMcpConfig(JSON.stringify({ mcpServers: file }))
    expect(back.map(({ id: _id, installSource: _src, ...rest }) => rest)).toEqual([
      { name: '@studio/memory', type: 'inMemory', env: { MEMORY_FILE_PATH: '/home/me/graph.json' }, isActive: true },
      { name: '@studio/filesystem', type: 'inMemory', args: ['/home/me/notes', '/home/me/code'], isActive: true },
      { name: '@studio/sequential-thinking', type: 'inMemory', isActive: false },
      { name: '@studio/fetch', type: 'inMemory', isActive: true }
    ])
  })
})

describe('first-start approval', () => {
  it('the page shows the command first only for servers the user did not type, and only in browser mode', () => {
    const imported = s('i', 'i', { command: 'npx', args: ['-y', 'pkg'], installSource: 'import' })
    expect(pageAsksFirst(imported, 'browser')).toBe(true)
    expect(pageAsksFirst({ ...imported, installSource: 'deeplink' }, 'browser')).toBe(true)
    expect(pageAsksFirst(s('m', 'm', { installSource: 'manual' }), 'browser')).toBe(false)
    // in Electron main asks in a native dialog of its own
    expect(pageAsksFirst(imported, 'electron')).toBe(false)
  })
})
