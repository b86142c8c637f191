import { rmSync } from 'node:fs'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../../src/main/services/mcp/MCPService'
import { closeAllServices, makeService } from '../helpers'

const dirs: string[] = []
afterEach(async () => {
  await closeAllServices()
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

let serial = 0
const thinkingServer = (): McpServer => ({ id: `thinking-${++serial}`, name: BuiltinServerNames.sequentialThinking, type: 'inMemory', isActive: true })

function setup() {
  const made = makeService({ trust: () => true })
  dirs.push(made.platform.userDataDir)
  return made
}

const textOf = (result: CallToolResult) => (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join('\n')

async function think(service: MCPService, server: McpServer, args: Record<string, unknown>) {
  const result = await service.callTool({ server, name: 'sequentialthinking', args })
  return { result, text: textOf(result) }
}

const step = (n: number, total = 3, more = true) => ({ thought: `step ${n}`, thoughtNumber: n, totalThoughts: total, nextThoughtNeeded: more })

describe('@studio/sequential-thinking', () => {
  it('offers the sequentialthinking tool with the reference arguments', async () => {
    const { service } = setup()
    const [tool, ...others] = await service.listTools(thinkingServer())
    expect(others).toEqual([])
    expect(tool.name).toBe('sequentialthinking')
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(
      ['branchFromThought', 'branchId', 'isRevision', 'needsMoreThoughts', 'nextThoughtNeeded', 'revisesThought', 'thought', 'thoughtNumber', 'totalThoughts'].sort()
    )
    expect(tool.inputSchema.required).toEqual(expect.arrayContaining(['thought', 'nextThoughtNeeded', 'thoughtNumber', 'totalThoughts']))
  })

  it('answers each thought with the reference JSON: number, total, next needed, branches, history length', async () => {
    const { service } = setup()
    const server = thinkingServer()
    const first = await think(service, server, step(1))
    expect(first.result.isError).toBeFalsy()
    expect(JSON.parse(first.text)).toEqual({ thoughtNumber: 1, totalThoughts: 3, nextThoughtNeeded: true, branches: [], thoughtHistoryLength: 1 })
    expect(first.result.structuredContent).toEqual(JSON.parse(first.text))

    await think(service, server, { ...step(2), isRevision: true, revisesThought: 1 })
    await think(service, server, { ...step(3), branchFromThought: 2, branchId: 'alt' })
    await think(service, server, { ...step(4), branchFromThought: 2, branchId: 'alt' })
    // a thought past the estimate raises the total
    const last = await think(service, server, { ...step(5, 3, false), branchFromThought: 1, branchId: 'other', needsMoreThoughts: false })
    expect(JSON.parse(last.text)).toEqual({ thoughtNumber: 5, totalThoughts: 5, nextThoughtNeeded: false, branches: ['alt', 'other'], thoughtHistoryLength: 5 })
  })

  it('each connection has its own history: another server entry, and the same one after a restart, start from empty', async () => {
    const { service } = setup()
    const a = thinkingServer()
    const b = thinkingServer()
    await think(service, a, step(1))
    await think(service, a, { ...step(2), branchFromThought: 1, branchId: 'x' })
    expect(JSON.parse((await think(service, b, step(1))).text)).toMatchObject({ thoughtHistoryLength: 1, branches: [] })
    expect(JSON.parse((await think(service, a, step(3))).text)).toMatchObject({ thoughtHistoryLength: 3, branches: ['x'] })

    await service.restartServer(a)
    expect(JSON.parse((await think(service, a, step(1))).text)).toMatchObject({ thoughtHistoryLength: 1, branches: [] })
  })

  it.each([
    ['a missing thought', { thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false }, 'thought'],
    ['thoughtNumber 0', { ...step(1), thoughtNumber: 0 }, 'thoughtNumber'],
    ['a number as text', { ...step(1), totalThoughts: 'three' }, 'totalThoughts'],
    ['a fractional revisesThought', { ...step(2), isRevision: true, revisesThought: 1.5 }, 'revisesThought']
  ])('%s is a tool error naming the argument, and is not recorded', async (_what, args, field) => {
    const { service } = setup()
    const server = thinkingServer()
    const bad = await think(service, server, args)
    expect(bad.result.isError).toBe(true)
    expect(bad.text).toMatch(/Invalid arguments for tool sequentialthinking/)
    expect(bad.text).toContain(field)
    expect(JSON.parse((await think(service, server, step(1))).text)).toMatchObject({ thoughtHistoryLength: 1 })
  })
})
