import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../../src/main/services/mcp/MCPService'
import { closeAllServices, makeService, tempDir } from '../helpers'

const dirs: string[] = []
afterEach(async () => {
  await closeAllServices()
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

let serial = 0
// no notSecret: a built-in's file path is shown as it is, so its errors can name the file
function memoryServer(env?: Record<string, string>): McpServer {
  return { id: `memory-${++serial}`, name: BuiltinServerNames.memory, type: 'inMemory', isActive: true, env }
}

/** A service, a memory server on a file of its own, and the file's path. */
function setup() {
  const dir = tempDir('mcp-memory-')
  dirs.push(dir)
  const file = join(dir, 'graph.json')
  const made = makeService({ trust: () => true })
  dirs.push(made.platform.userDataDir)
  return { ...made, dir, file, server: memoryServer({ MEMORY_FILE_PATH: file }) }
}

const textOf = (result: CallToolResult) => (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join('\n')

async function call(service: MCPService, server: McpServer, name: string, args: Record<string, unknown> = {}) {
  const result = await service.callTool({ server, name, args })
  return { result, text: textOf(result), json: () => JSON.parse(textOf(result)) }
}

const alice = { name: 'Alice', entityType: 'person', observations: ['speaks Spanish'] }
const acme = { name: 'Acme', entityType: 'company', observations: ['makes anvils'] }

describe('@studio/memory', () => {
  it('lists the nine tools of the reference memory server', async () => {
    const { service, server } = setup()
    const names = (await service.listTools(server)).map((t) => t.name).sort()
    expect(names).toEqual(
      ['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes'].sort()
    )
  })

  it('a missing file is an empty graph, and the default file is {userData}/mcp/memory.json', async () => {
    const { service, platform } = setup()
    const server = memoryServer()
    expect((await call(service, server, 'read_graph')).json()).toEqual({ entities: [], relations: [] })
    await call(service, server, 'create_entities', { entities: [alice] })
    const file = join(platform.userDataDir, 'mcp', 'memory.json')
    expect(readFileSync(file, 'utf8')).toContain('"Alice"')
  })

  it('create_entities returns only the new ones; create_relations needs both ends and skips duplicates', async () => {
    const { service, server } = setup()
    const first = await call(service, server, 'create_entities', { entities: [alice, acme] })
    expect(first.json()).toEqual([alice, acme])
    expect(first.result.structuredContent).toEqual({ entities: [alice, acme] })
    expect((await call(service, server, 'create_entities', { entities: [alice] })).json()).toEqual([])

    const works = { from: 'Alice', to: 'Acme', relationType: 'works at' }
    expect((await call(service, server, 'create_relations', { relations: [works, works] })).json()).toEqual([works])
    expect((await call(service, server, 'create_relations', { relations: [works] })).json()).toEqual([])

    const dangling = await call(service, server, 'create_relations', { relations: [{ from: 'Alice', to: 'Bob', relationType: 'knows' }] })
    expect(dangling.result.isError).toBe(true)
    expect(dangling.text).toContain('Entity with name Bob not found')
    expect((await call(service, server, 'read_graph')).json()).toEqual({ entities: [alice, acme], relations: [works] })
  })

  it('add_observations adds what is new; an unknown entity is an error and changes nothing', async () => {
    const { service, server } = setup()
    await call(service, server, 'create_entities', { entities: [alice] })
    const added = await call(service, server, 'add_observations', { observations: [{ entityName: 'Alice', contents: ['speaks Spanish', 'likes tea'] }] })
    expect(added.json()).toEqual([{ entityName: 'Alice', addedObservations: ['likes tea'] }])

    const unknown = await call(service, server, 'add_observations', {
      observations: [
        { entityName: 'Alice', contents: ['plays chess'] },
        { entityName: 'Nobody', contents: ['x'] }
      ]
    })
    expect(unknown.result.isError).toBe(true)
    expect(unknown.text).toContain('Entity with name Nobody not found')
    const [stored] = (await call(service, server, 'open_nodes', { names: ['Alice'] })).json().entities
    expect(stored.observations).toEqual(['speaks Spanish', 'likes tea'])
  })

  it('delete_observations, delete_relations and delete_entities (which takes its relations along)', async () => {
    const { service, server } = setup()
    await call(service, server, 'create_entities', { entities: [alice, acme, { name: 'Bob', entityType: 'person', observations: [] }] })
    const works = { from: 'Alice', to: 'Acme', relationType: 'works at' }
    const knows = { from: 'Bob', to: 'Alice', relationType: 'knows' }
    await call(service, server, 'create_relations', { relations: [works, knows] })

    expect((await call(service, server, 'delete_observations', { deletions: [{ entityName: 'Alice', observations: ['speaks Spanish'] }] })).text).toBe(
      'Observations deleted successfully'
    )
    expect((await call(service, server, 'delete_observations', { deletions: [{ entityName: 'Ghost', observations: ['x'] }] })).text).toBe(
      'Deleted 0 of 1 observations. Entities not found: Ghost'
    )
    expect((await call(service, server, 'delete_relations', { relations: [knows] })).text).toBe('Relations deleted successfully')
    expect((await call(service, server, 'delete_entities', { entityNames: ['Acme', 'Ghost'] })).text).toBe('Deleted 1 of 2 entities. Not found: Ghost')

    expect((await call(service, server, 'read_graph')).json()).toEqual({
      entities: [{ ...alice, observations: [] }, { name: 'Bob', entityType: 'person', observations: [] }],
      relations: []
    })
  })

  it('search_nodes matches name, type or observation regardless of case; open_nodes by name; both bring the relations touching them', async () => {
    const { service, server } = setup()
    await call(service, server, 'create_entities', { entities: [alice, acme] })
    const works = { from: 'Alice', to: 'Acme', relationType: 'works at' }
    await call(service, server, 'create_relations', { relations: [works] })

    expect((await call(service, server, 'search_nodes', { query: 'SPANISH' })).json()).toEqual({ entities: [alice], relations: [works] })
    expect((await call(service, server, 'search_nodes', { query: 'company' })).json().entities).toEqual([acme])
    expect((await call(service, server, 'search_nodes', { query: 'nothing like it' })).json()).toEqual({ entities: [], relations: [] })
    expect((await call(service, server, 'open_nodes', { names: ['Acme', 'Ghost'] })).json()).toEqual({ entities: [acme], relations: [works] })
  })

  it('bad arguments are a tool error naming the problem, and the server keeps working', async () => {
    const { service, server } = setup()
    const bad = await call(service, server, 'create_entities', { entities: [{ name: 'NoType' }] })
    expect(bad.result.isError).toBe(true)
    expect(bad.text).toMatch(/Invalid arguments for tool create_entities/)
    expect(bad.text).toContain('entityType')
    const missing = await call(service, server, 'search_nodes', {})
    expect(missing.result.isError).toBe(true)
    expect(missing.text).toContain('query')
    expect((await call(service, server, 'read_graph')).json()).toEqual({ entities: [], relations: [] })
  })

  it('100 concurrent add_observations over two connections to the same file: every one is in the file a fresh service reads', async () => {
    const { service, file } = setup()
    const a = memoryServer({ MEMORY_FILE_PATH: file })
    const b = memoryServer({ MEMORY_FILE_PATH: file })
    await call(service, a, 'create_entities', { entities: [{ name: 'Log', entityType: 'list', observations: [] }] })
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(service, i % 2 ? a : b, 'add_observations', { observations: [{ entityName: 'Log', contents: [`entry ${i}`] }] })
      )
    )
    expect(results.filter((r) => r.result.isError)).toEqual([])

    const fresh = makeService({ trust: () => true })
    dirs.push(fresh.platform.userDataDir)
    const [log] = (await call(fresh.service, memoryServer({ MEMORY_FILE_PATH: file }), 'read_graph')).json().entities
    expect([...log.observations].sort()).toEqual(Array.from({ length: 100 }, (_, i) => `entry ${i}`).sort())
    // the atomic writes left no temp files behind
    expect(readdirSync(join(file, '..'))).toEqual(['graph.json'])
  })

  it('a damaged file is an error naming it, for reads and writes, and its bytes stay exactly as they were', async () => {
    const { service, server, file } = setup()
    const damaged = '{"type":"entity","name":"Alice","entityType":"person","observations":[]}\n{"type":"entity","name":"Bo'
    writeFileSync(file, damaged)
    for (const [tool, args] of [
      ['read_graph', {}],
      ['create_entities', { entities: [acme] }],
      ['add_observations', { observations: [{ entityName: 'Alice', contents: ['x'] }] }]
    ] as const) {
      const { result, text } = await call(service, server, tool, args)
      expect(result.isError).toBe(true)
      expect(text).toContain(file)
      expect(text).toContain('line 2 is not valid JSON')
      expect(text).toMatch(/left exactly as it is/)
    }
    expect(readFileSync(file, 'utf8')).toBe(damaged)
  })

  it('MEMORY_FILE_PATH is honoured: the graph lands in that file (JSON lines) and nowhere else; a relative one is under {userData}/mcp', async () => {
    const { service, server, file, platform } = setup()
    await call(service, server, 'create_entities', { entities: [alice] })
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify({ type: 'entity', ...alice })}\n`)
    expect(existsSync(join(platform.userDataDir, 'mcp', 'memory.json'))).toBe(false)

    const relative = memoryServer({ MEMORY_FILE_PATH: 'notes/graph.jsonl' })
    mkdirSync(join(platform.userDataDir, 'mcp', 'notes'), { recursive: true })
    await call(service, relative, 'create_entities', { entities: [acme] })
    expect(readFileSync(join(platform.userDataDir, 'mcp', 'notes', 'graph.jsonl'), 'utf8')).toContain('"Acme"')
  })
})
