import { createSelector, createSlice, original, type PayloadAction } from '@reduxjs/toolkit'
import type { BrokenServer, RegistryNotice, ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import type { AppError } from '@renderer/components/errors/describeError'

/**
 * A mirror of main's ServerRegistry: replaced whole by every `servers:changed`. The renderer
 * never owns a server; the echo reducers below only apply a call's own answer at once, before the
 * event that says the same arrives.
 */
export interface McpState extends ServersSnapshot {
  /** false until main's list arrived: the list shows a spinner, not "no servers" */
  loaded: boolean
  /** why main's list could not be had (shown with a retry) */
  loadError?: AppError
}

export const initialMcpState: McpState = { servers: [], approved: {}, broken: [], loaded: false }

/** What servers:update may change: everything but the id, which is the server's identity. */
export type McpServerChanges = Partial<Omit<McpServer, 'id'>>

const mcpSlice = createSlice({
  name: 'mcp',
  initialState: initialMcpState,
  reducers: {
    serversChanged(state, action: PayloadAction<ServersSnapshot>) {
      // an unchanged server keeps its object, so what shows it (an open editor, its lists) does not reload
      const previous = new Map((original(state)?.servers ?? []).map((s) => [s.id, s]))
      const servers = action.payload.servers.map((next) => {
        const before = previous.get(next.id)
        return before && JSON.stringify(before) === JSON.stringify(next) ? before : next
      })
      return { ...action.payload, servers, loaded: true }
    },
    serversLoadFailed(state, action: PayloadAction<AppError>) {
      state.loadError = action.payload
    },
    /** main's answer to an add or update: shown now */
    serverSaved(state, action: PayloadAction<McpServer>) {
      const index = state.servers.findIndex((s) => s.id === action.payload.id)
      if (index >= 0) state.servers[index] = action.payload
      else state.servers.push(action.payload)
      // a repaired entry is no longer broken
      state.broken = state.broken.filter((b) => b.id !== action.payload.id)
    },
    /**
     * A change shown before main confirms it, so the next click builds on it (two quick switches
     * both count); main's answer or list follows and wins.
     */
    serverChangedLocally(state, action: PayloadAction<{ id: string; changes: McpServerChanges }>) {
      const server = state.servers.find((s) => s.id === action.payload.id)
      if (!server) return
      for (const [key, value] of Object.entries(action.payload.changes)) {
        if (key === 'id') continue
        if (value === undefined) delete (server as Record<string, unknown>)[key]
        else (server as Record<string, unknown>)[key] = value
      }
    },
    serversApproved(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) state.approved[id] = true
    },
    serverRemoved(state, action: PayloadAction<string>) {
      state.servers = state.servers.filter((s) => s.id !== action.payload)
      state.broken = state.broken.filter((b) => b.id !== action.payload)
      delete state.approved[action.payload]
    },
    /** a drag shows its new order at once; main's list follows */
    serversReordered(state, action: PayloadAction<string[]>) {
      const rank = new Map(action.payload.map((id, i) => [id, i]))
      state.servers.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity))
    }
  }
})

export const { serversChanged, serversLoadFailed, serverChangedLocally, serverSaved, serversApproved, serverRemoved, serversReordered } = mcpSlice.actions
export const mcpReducer = mcpSlice.reducer

type WithMcp = { mcp: McpState }

export const selectServers = (state: WithMcp) => state.mcp.servers
export const selectServerById = (state: WithMcp, id: string) => state.mcp.servers.find((s) => s.id === id)
// memoized: a new array on every call would re-render every subscriber
export const selectActiveServers = createSelector([selectServers], (servers) => servers.filter((s) => s.isActive))
export const selectIsApproved = (state: WithMcp, id: string) => state.mcp.approved[id] === true
export const selectBrokenServers = (state: WithMcp): BrokenServer[] => state.mcp.broken
export const selectRegistryNotice = (state: WithMcp): RegistryNotice | undefined => state.mcp.notice
export const selectServersLoaded = (state: WithMcp) => state.mcp.loaded
export const selectServersLoadError = (state: WithMcp) => state.mcp.loadError
