import { describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import {
  addServer,
  approveTarget,
  selectApprovedTargets,
  initialMcpState,
  mcpReducer,
  removeServer,
  reorderServers,
  selectActiveServers,
  selectServerById,
  selectServers,
  setServers,
  updateServer,
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

const withServers = (...ids: string[]): McpState => ({ servers: ids.map((id) => server(id)), approvedTargets: {} })
const ids = (state: McpState) => state.servers.map((s) => s.id)

describe('mcp slice', () => {
  it('starts with no servers', () => {
    expect(mcpReducer(undefined, { type: '@@init' })).toEqual(initialMcpState)
    expect(initialMcpState.servers).toEqual([])
  })

  it('adds servers at the end and ignores a duplicate id', () => {
    let state = mcpReducer(initialMcpState, addServer(server('a')))
    state = mcpReducer(state, addServer(server('b')))
    state = mcpReducer(state, addServer(server('a', { name: 'Impostor' })))
    expect(ids(state)).toEqual(['a', 'b'])
    expect(state.servers[0].name).toBe('Server a')
  })

  it('keeps every field of the full server type', () => {
    const full = server('full', {
      description: 'd',
      env: { KEY: 'v' },
      headers: { Authorization: 'Bearer x' },
      registryUrl: 'https://npm.mirror.example',
      provider: 'p',
      providerUrl: 'https://p.example',
      logoUrl: 'https://p.example/logo.png',
      tags: ['t'],
      timeout: 30,
      longRunning: true,
      dxtPath: '/x',
      dxtVersion: '0.1',
      disabledTools: ['a'],
      disabledAutoApproveTools: ['b'],
      roots: ['/home'],
      installSource: 'manual'
    })
    expect(mcpReducer(initialMcpState, addServer(full)).servers[0]).toEqual(full)
  })

  it('updates a server by id with a partial change, leaving the others', () => {
    const state = mcpReducer(withServers('a', 'b'), updateServer({ id: 'b', changes: { name: 'Renamed', isActive: true } }))
    expect(state.servers[1]).toMatchObject({ id: 'b', name: 'Renamed', isActive: true, command: 'npx' })
    expect(state.servers[0]).toEqual(server('a'))
  })

  it('never re-keys a server through an update, and ignores unknown ids', () => {
    const before = withServers('a')
    const rekeyed = mcpReducer(before, updateServer({ id: 'a', changes: { id: 'z', name: 'N' } as never }))
    expect(rekeyed.servers[0]).toMatchObject({ id: 'a', name: 'N' })
    expect(mcpReducer(before, updateServer({ id: 'nope', changes: { name: 'X' } }))).toBe(before)
  })

  it('removes a server by id', () => {
    expect(ids(mcpReducer(withServers('a', 'b', 'c'), removeServer('b')))).toEqual(['a', 'c'])
    expect(ids(mcpReducer(withServers('a'), removeServer('nope')))).toEqual(['a'])
  })

  it('replaces the list with setServers', () => {
    expect(ids(mcpReducer(withServers('a'), setServers([server('x'), server('y')])))).toEqual(['x', 'y'])
  })

  it('moves a server from one index to another, both ways', () => {
    expect(ids(mcpReducer(withServers('a', 'b', 'c', 'd'), reorderServers({ from: 0, to: 2 })))).toEqual(['b', 'c', 'a', 'd'])
    expect(ids(mcpReducer(withServers('a', 'b', 'c', 'd'), reorderServers({ from: 3, to: 0 })))).toEqual(['d', 'a', 'b', 'c'])
  })

  it('leaves the order alone for out-of-range or equal indexes', () => {
    const state = withServers('a', 'b')
    for (const move of [{ from: 0, to: 0 }, { from: -1, to: 1 }, { from: 0, to: 2 }, { from: 5, to: 0 }]) {
      expect(ids(mcpReducer(state, reorderServers(move)))).toEqual(['a', 'b'])
    }
  })

  it('selects servers, one by id, and the active ones (memoized)', () => {
    const root = { mcp: { servers: [server('a', { isActive: true }), server('b')] } }
    expect(selectServers(root)).toBe(root.mcp.servers)
    expect(selectServerById(root, 'b')?.name).toBe('Server b')
    expect(selectServerById(root, 'nope')).toBeUndefined()
    expect(selectActiveServers(root).map((s) => s.id)).toEqual(['a'])
    expect(selectActiveServers(root)).toBe(selectActiveServers(root))
  })

  it('an update that clears a field (undefined) removes the key', () => {
    const state = mcpReducer(withServers('a'), updateServer({ id: 'a', changes: { args: undefined, description: 'd' } }))
    expect(state.servers[0]).toEqual({ id: 'a', name: 'Server a', type: 'stdio', command: 'npx', isActive: false, description: 'd' })
    expect('args' in state.servers[0]).toBe(false)
  })

  it('remembers the approved command line per server and forgets it with the server', () => {
    let state = mcpReducer(withServers('a', 'b'), approveTarget({ id: 'a', target: 'npx -y pkg-a' }))
    expect(selectApprovedTargets({ mcp: state })).toEqual({ a: 'npx -y pkg-a' })
    state = mcpReducer(state, removeServer('a'))
    expect(state.approvedTargets).toEqual({})
    // a state saved before approvals existed reads as none approved
    expect(selectApprovedTargets({ mcp: { servers: [] } })).toEqual({})
  })
})
