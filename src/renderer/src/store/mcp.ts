import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { McpServer } from '@shared/mcp/server'

export interface McpState {
  /** every configured server, in the order the user sees them */
  servers: McpServer[]
  /**
   * server id → the command line or URL the user approved before its first start (SPEC §S). A
   * server whose target changes since (a re-import) is asked about again.
   */
  approvedTargets: Record<string, string>
}

export const initialMcpState: McpState = { servers: [], approvedTargets: {} }

/** What updateServer may change: everything but the id, which is the server's identity. */
export type McpServerChanges = Partial<Omit<McpServer, 'id'>>

const mcpSlice = createSlice({
  name: 'mcp',
  initialState: initialMcpState,
  reducers: {
    /** Ids are unique: adding a second server with a known id is ignored, never a silent duplicate. */
    addServer(state, action: PayloadAction<McpServer>) {
      if (state.servers.some((s) => s.id === action.payload.id)) return
      state.servers.push(action.payload)
    },
    updateServer(state, action: PayloadAction<{ id: string; changes: McpServerChanges }>) {
      const server = state.servers.find((s) => s.id === action.payload.id)
      if (!server) return
      // strip an id smuggled in through a cast, so an update cannot re-key a server
      const { id: _ignored, ...changes } = action.payload.changes as McpServerChanges & { id?: string }
      Object.assign(server, changes)
      // an editor clearing a field sends undefined: drop the key so the stored server stays minimal
      for (const key of Object.keys(changes) as (keyof McpServerChanges)[]) {
        if (changes[key] === undefined) delete server[key]
      }
    },
    removeServer(state, action: PayloadAction<string>) {
      state.servers = state.servers.filter((s) => s.id !== action.payload)
      delete state.approvedTargets[action.payload]
    },
    setServers(state, action: PayloadAction<McpServer[]>) {
      state.servers = action.payload
    },
    /** Moves one server (drag and drop in the list); out-of-range indexes leave the order unchanged. */
    reorderServers(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload
      const n = state.servers.length
      if (from === to || from < 0 || to < 0 || from >= n || to >= n) return
      const [moved] = state.servers.splice(from, 1)
      state.servers.splice(to, 0, moved)
    },
    /** The user saw this exact command line / URL and agreed to run it. */
    approveTarget(state, action: PayloadAction<{ id: string; target: string }>) {
      state.approvedTargets[action.payload.id] = action.payload.target
    }
  }
})

export const { addServer, updateServer, removeServer, setServers, reorderServers, approveTarget } = mcpSlice.actions
export const mcpReducer = mcpSlice.reducer

// loose on purpose: selectors also read states saved before approvedTargets existed
type WithMcp = { mcp: Pick<McpState, 'servers'> & Partial<McpState> }

export const selectServers = (state: WithMcp) => state.mcp.servers
export const selectServerById = (state: WithMcp, id: string) => state.mcp.servers.find((s) => s.id === id)
// memoized: a new array on every call would re-render every subscriber
export const selectActiveServers = createSelector([selectServers], (servers) => servers.filter((s) => s.isActive))
export const selectApprovedTargets = (state: WithMcp) => state.mcp.approvedTargets ?? {}
