import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ServerStatus } from '@shared/mcp/status'

/** What the renderer knows about a running server; lives only in memory (never persisted). */
export interface ServerRuntime {
  status: ServerStatus
  /** the server's own message when status is error or disconnected (main's English detail) */
  error?: string
  /** the stable code of that error: the sentence shown for it is in the UI language */
  code?: string
  /** how many tools it listed after connecting */
  toolCount?: number
}

export interface RuntimeState {
  servers: Record<string, ServerRuntime>
}

export const initialRuntimeState: RuntimeState = { servers: {} }

const runtimeSlice = createSlice({
  name: 'runtime',
  initialState: initialRuntimeState,
  reducers: {
    statusChanged(state, action: PayloadAction<{ serverId: string; status: ServerStatus; error?: string; code?: string }>) {
      const { serverId, status, error, code } = action.payload
      const previous = state.servers[serverId]
      // a tool count is only true while connected
      state.servers[serverId] = {
        status,
        error: status === 'error' || status === 'disconnected' ? error : undefined,
        code: status === 'error' || status === 'disconnected' ? code : undefined,
        toolCount: status === 'connected' ? previous?.toolCount : undefined
      }
    },
    toolCountLoaded(state, action: PayloadAction<{ serverId: string; count: number }>) {
      const entry = state.servers[action.payload.serverId]
      if (entry) entry.toolCount = action.payload.count
    },
    runtimeRemoved(state, action: PayloadAction<string>) {
      delete state.servers[action.payload]
    }
  }
})

export const { statusChanged, toolCountLoaded, runtimeRemoved } = runtimeSlice.actions
export const runtimeReducer = runtimeSlice.reducer

export const selectServerRuntime = (state: { runtime: RuntimeState }, id: string): ServerRuntime | undefined =>
  state.runtime.servers[id]
