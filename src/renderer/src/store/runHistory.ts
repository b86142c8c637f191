import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { mainApi } from './mainApi'

/** How a run ended, as the runner showed it. */
export type RunOutcome = 'ok' | 'error' | 'failed' | 'cancelled'

export interface RunRecord {
  /** when it started (ms since the epoch) */
  at: number
  args: Record<string, unknown>
  outcome: RunOutcome
  elapsedMs: number
}

/** How many runs of one tool are kept. */
export const RUNS_PER_TOOL = 10

/**
 * The runner's recent runs, per server and tool, newest first: what was sent and how it ended,
 * to run again with one click. Memory only: arguments may hold what the user would not want
 * written to disk, and the Trace window keeps the longer story.
 */
export interface RunHistoryState {
  byTool: Record<string, RunRecord[]>
}

export const runHistoryKey = (serverId: string, tool: string) => `${serverId}\u0000${tool}`

const runHistorySlice = createSlice({
  name: 'runHistory',
  initialState: { byTool: {} } as RunHistoryState,
  reducers: {
    runRecorded(state, { payload }: PayloadAction<{ serverId: string; tool: string; record: RunRecord }>) {
      const key = runHistoryKey(payload.serverId, payload.tool)
      state.byTool[key] = [payload.record, ...(state.byTool[key] ?? [])].slice(0, RUNS_PER_TOOL)
    }
  },
  extraReducers: (builder) => {
    // a removed server's runs go with it
    builder.addMatcher(mainApi.endpoints.removeServer.matchFulfilled, (state, action) => {
      const prefix = `${action.meta.arg.originalArgs}\u0000`
      for (const key of Object.keys(state.byTool)) if (key.startsWith(prefix)) delete state.byTool[key]
    })
  }
})

export const { runRecorded } = runHistorySlice.actions
export const runHistoryReducer = runHistorySlice.reducer
