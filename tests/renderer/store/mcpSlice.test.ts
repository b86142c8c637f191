import { describe, expect, it } from 'vitest'
import type { ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import {
  initialMcpState,
  mcpReducer,
  selectActiveServers,
  selectIsApproved,
  selectServerById,
  selectServers,
  serverRemoved,
  serverSaved,
  serversApproved,
  serversChanged,
  serversLoadFailed,
  serversReordered,
  type McpState
} from '@renderer/store/mcp'

const server = (id: string, extra: Partial<McpServer> = {}): McpServer => ({
  id,
  name: `Server ${id}`,
  type: 'stdio',
  command: 'npx',
  args: ['-y', `pkg-${id}`],
  isActive: false,
  ...extra
})

const snapshot = (servers: McpServer[], extra: Partial<ServersSnapshot> = {}): ServersSnapshot => ({
  servers,
  approved: Object.fromEntries(servers.map((s) => [s.id, false])),
  broken: [],
  ...extra
})
const ids = (state: McpState) => state.servers.map((s) => s.id)

describe('mcp slice: a mirror of main’s registry', () => {
  it('starts empty and not loaded, so the list can say "loading" rather than "no servers"', () => {
    expect(mcpReducer(undefined, { type: '@@init' })).toEqual(initialMcpState)
    expect(initialMcpState.loaded).toBe(false)
  })

  it("takes main's list whole, and a failed load is remembered until the next list arrives", () => {
    const failure = { message: 'Could not reach MCP Studio.', code: 'DISCONNECTED' as const }
    let state = mcpReducer(initialMcpState, serversLoadFailed(failure))
    expect(state.loadError).toEqual(failure)
    const notice = { code: 'REGISTRY_DAMAGED' as const, keptAs: '/x/servers.json.corrupt-1', detail: 'not JSON' }
    state = mcpReducer(state, serversChanged(snapshot([server('a'), server('b')], { notice })))
    expect(ids(state)).toEqual(['a', 'b'])
    expect(state.loaded).toBe(true)
    expect(state.loadError).toBeUndefined()
    expect(state.notice).toEqual(notice)
  })

  it('keeps the object of a server that did not change, so what shows it does not reload', () => {
    const first = mcpReducer(initialMcpState, serversChanged(snapshot([server('a'), server('b')])))
    const next = mcpReducer(first, serversChanged(snapshot([server('a'), server('b', { description: 'new' })])))
    expect(next.servers[0]).toBe(first.servers[0])
    expect(next.servers[1]).not.toBe(first.servers[1])
    expect(next.servers[1].description).toBe('new')
  })

  it("applies a call's own answer at once: saved, approved, removed, reordered", () => {
    const broken = { id: 'c', message: 'name: required', raw: { id: 'c' } }
    let state = mcpReducer(initialMcpState, serversChanged(snapshot([server('a'), server('b')], { broken: [broken] })))
    state = mcpReducer(state, serverSaved(server('a', { description: 'edited' })))
    expect(state.servers[0].description).toBe('edited')
    // a repaired entry leaves the broken ones
    state = mcpReducer(state, serverSaved(server('c')))
    expect(ids(state)).toEqual(['a', 'b', 'c'])
    expect(state.broken).toEqual([])
    state = mcpReducer(state, serversApproved(['b']))
    expect(selectIsApproved({ mcp: state }, 'b')).toBe(true)
    expect(selectIsApproved({ mcp: state }, 'a')).toBe(false)
    state = mcpReducer(state, serversReordered(['c', 'a', 'b']))
    expect(ids(state)).toEqual(['c', 'a', 'b'])
    state = mcpReducer(state, serverRemoved('b'))
    expect(ids(state)).toEqual(['c', 'a'])
    expect(state.approved.b).toBeUndefined()
  })

  it('selects servers, one by id, and the active ones (memoized)', () => {
    const root = { mcp: mcpReducer(initialMcpState, serversChanged(snapshot([server('a', { isActive: true }), server('b')]))) }
    expect(selectServers(root)).toBe(root.mcp.servers)
    expect(selectServerById(root, 'b')?.name).toBe('Server b')
    expect(selectServerById(root, 'nope')).toBeUndefined()
    expect(selectActiveServers(root).map((s) => s.id)).toEqual(['a'])
    expect(selectActiveServers(root)).toBe(selectActiveServers(root))
  })
})
