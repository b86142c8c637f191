import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { mainApi } from './mainApi'

/**
 * The "Updated" marks: per server, the resources that reported `resources/updated` since the
 * user last read them. Kept here, not in the Resources tab, so an update that arrives while the
 * tab is closed is still marked when it opens. Memory only.
 */
export interface ResourceUpdatesState {
  byServer: Record<string, string[]>
}

export const initialResourceUpdatesState: ResourceUpdatesState = { byServer: {} }

type Mark = PayloadAction<{ serverId: string; uri: string }>

const resourceUpdatesSlice = createSlice({
  name: 'resourceUpdates',
  initialState: initialResourceUpdatesState,
  reducers: {
    resourceUpdated(state, { payload: { serverId, uri } }: Mark) {
      const marks = (state.byServer[serverId] ??= [])
      if (!marks.includes(uri)) marks.push(uri)
    },
    resourceUpdateSeen(state, { payload: { serverId, uri } }: Mark) {
      const marks = state.byServer[serverId]
      if (marks) state.byServer[serverId] = marks.filter((u) => u !== uri)
    }
  },
  extraReducers: (builder) => {
    // a removed server's marks go with it
    builder.addMatcher(mainApi.endpoints.removeServer.matchFulfilled, (state, action) => {
      delete state.byServer[action.meta.arg.originalArgs]
    })
  }
})

export const { resourceUpdated, resourceUpdateSeen } = resourceUpdatesSlice.actions
export const resourceUpdatesReducer = resourceUpdatesSlice.reducer

const NONE: readonly string[] = Object.freeze([])
export const selectUpdatedResources = (state: { resourceUpdates: ResourceUpdatesState }, serverId: string): readonly string[] =>
  state.resourceUpdates.byServer[serverId] ?? NONE
