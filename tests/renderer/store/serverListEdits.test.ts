import { describe, expect, it } from 'vitest'
import { createNextState as produce } from '@reduxjs/toolkit'
import type { ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { applyChanges, applyOrder, keepUnchanged } from '@renderer/store/serverListEdits'

const server = (id: string, extra: Partial<StdioServer> = {}): StdioServer => ({ id, name: `Server ${id}`, type: 'stdio', command: 'npx', args: ['-y', `pkg-${id}`], isActive: false, ...extra })
const snapshot = (servers: McpServer[], extra: Partial<ServersSnapshot> = {}): ServersSnapshot => ({
  servers,
  approved: Object.fromEntries(servers.map((s) => [s.id, false])),
  broken: [],
  ...extra
})
const ids = (state: ServersSnapshot) => state.servers.map((s) => s.id)

describe("the cached server list's edits", () => {
  it("takes main's list whole, keeping the object of a server that did not change (what shows it does not reload)", () => {
    const first = snapshot([server('a'), server('b')])
    const notice = { code: 'REGISTRY_DAMAGED' as const, keptAs: '/x/servers.json.corrupt-1', detail: 'not JSON' }
    const next = keepUnchanged(first, snapshot([server('a'), server('b', { ui: { description: 'new' } }), server('c')], { notice }))
    expect(ids(next)).toEqual(['a', 'b', 'c'])
    expect(next.servers[0]).toBe(first.servers[0])
    expect(next.servers[1]).not.toBe(first.servers[1])
    expect(next.servers[1].ui?.description).toBe('new')
    expect(next.notice).toEqual(notice)
    expect(keepUnchanged(undefined, first)).toEqual(first)
  })

  it('applies a change before main confirms it: set fields, cleared fields, never the id', () => {
    const before = snapshot([server('a', { ui: { description: 'old' } }), server('b')])
    const after = produce(before, (draft) => applyChanges(draft, 'a', { isActive: true, ui: { description: undefined }, id: 'z' } as never))
    expect(after.servers[0]).toEqual({ ...server('a'), isActive: true })
    expect(after.servers[1]).toBe(before.servers[1])
    // an unknown server changes nothing
    expect(produce(before, (draft) => applyChanges(draft, 'nope', { isActive: true }))).toBe(before)
  })

  it('shows a new order at once; a server the order does not name goes last', () => {
    const before = snapshot([server('a'), server('b'), server('c')])
    expect(ids(produce(before, (draft) => applyOrder(draft, ['c', 'a', 'b'])))).toEqual(['c', 'a', 'b'])
    expect(ids(produce(before, (draft) => applyOrder(draft, ['b', 'c'])))).toEqual(['b', 'c', 'a'])
  })
})
