import { describe, expect, it } from 'vitest'
import { fromFlat, toFlat } from '@shared/mcp/flatServer'
import { McpServerSchema, SERVER_KIND_FORMS, type McpServer } from '@shared/mcp/server'
import { applyServerChanges, clearedFields, withClearedFields } from '@shared/mcp/serverChanges'

const stdio: McpServer = {
  id: 's',
  name: 'local',
  type: 'stdio',
  command: 'node',
  args: ['x.js'],
  ui: { description: 'here', tags: ['a'] },
  tools: { disabled: ['rm'] },
  isActive: true
}

describe('the server model: a union by kind, UI metadata and tool preferences apart', () => {
  it('a reader narrows by kind: launch fields of another kind are not kept', () => {
    const parsed = McpServerSchema.parse({ id: 'r', name: 'r', type: 'sse', baseUrl: 'https://x.test/sse', command: 'node' })
    expect(parsed).toEqual({ id: 'r', name: 'r', type: 'sse', baseUrl: 'https://x.test/sse', isActive: false })
  })

  it('a kind that is not one is refused naming the field', () => {
    const result = McpServerSchema.safeParse({ id: 'r', name: 'r', type: 'websocket', baseUrl: 'ws://x' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].path).toEqual(['type'])
  })

  it('every kind has its editor fields, and a URL kind asks for the URL', () => {
    for (const kind of McpServerSchema.options.flatMap((option) => option.shape.type.options)) {
      expect(SERVER_KIND_FORMS[kind].fields.length).toBeGreaterThan(0)
    }
    expect(SERVER_KIND_FORMS.httpAuto.required).toBe('baseUrl')
  })
})

describe('a change to a server', () => {
  it('changes ui and tools field by field; undefined removes a field, an emptied object goes', () => {
    expect(applyServerChanges(stdio, { ui: { description: 'there' } })).toMatchObject({ ui: { description: 'there', tags: ['a'] }, tools: { disabled: ['rm'] } })
    const next = applyServerChanges(stdio, { ui: { description: undefined }, tools: { disabled: undefined }, args: undefined })
    expect(next).toEqual({ id: 's', name: 'local', type: 'stdio', command: 'node', ui: { tags: ['a'] }, isActive: true })
    expect(applyServerChanges(stdio, { id: 'other' } as never).id).toBe('s')
  })

  it('travels a JSON wire: cleared fields by name, nested ones as ui.field, and back', () => {
    const changes = { name: 'n', cwd: undefined, ui: { description: undefined, tags: ['b'] } }
    const cleared = clearedFields(changes)
    expect(cleared).toEqual(['cwd', 'ui.description'])
    const wire = JSON.parse(JSON.stringify(changes))
    expect(applyServerChanges(stdio, withClearedFields(wire, cleared))).toEqual(applyServerChanges(stdio, changes))
  })
})

describe('the flat shape (version 1 of the file, the outside formats)', () => {
  it('each kind read from it and written back to it as it was', () => {
    const entries = [
      { id: 'a', name: 'a', command: 'node', args: ['x'], env: { K: 'v' }, cwd: '/w', description: 'd', disabledTools: ['t'], autoApproveTools: ['u'], disabledAutoApproveTools: ['w'], isActive: true },
      { id: 'b', name: 'b', baseUrl: 'https://b.test/mcp', headers: { A: 'b' }, provider: 'P', tags: ['x'], isActive: false },
      { id: 'c', name: 'c', type: 'sse', baseUrl: 'https://c.test/sse', oauth: { clientId: 'id' }, isActive: false },
      { id: 'd', name: '@studio/memory', type: 'inMemory', env: { MEMORY_FILE_PATH: 'm.json' }, displayName: 'Notes', isActive: true }
    ]
    for (const entry of entries) {
      const server = McpServerSchema.parse(fromFlat(entry))
      expect(toFlat(server)).toEqual(expect.objectContaining(entry))
      expect(Object.fromEntries(Object.entries(toFlat(server)).filter(([, v]) => v !== undefined))).toEqual({ ...entry, ...(entry.command ? { type: 'stdio' } : {}) })
    }
  })

  it('no type and no command or URL: a stdio server that says to set a command, as before', () => {
    expect(fromFlat({ id: 'x', name: 'x' })).toEqual({ id: 'x', name: 'x', type: 'stdio', command: '' })
  })
})
