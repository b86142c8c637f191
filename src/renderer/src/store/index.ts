import { combineReducers, configureStore } from '@reduxjs/toolkit'
import {
  createMigrate,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Storage
} from 'redux-persist'
import type { McpApi } from '@shared/ipc/api'
import type { MainExtra } from './mainBaseQuery'
import { ListEditsInFlight } from './listEditsInFlight'
import { mainApi } from './mainApi'
import { migrations, PERSIST_VERSION } from './migrations'
import { resourceUpdatesReducer } from './resourceUpdates'
import { runHistoryReducer } from './runHistory'
import { settingsReducer } from './settings'

// only settings are saved; main's data (the api's cache) is asked for again in every window
const rootReducer = combineReducers({
  settings: settingsReducer,
  resourceUpdates: resourceUpdatesReducer,
  runHistory: runHistoryReducer,
  [mainApi.reducerPath]: mainApi.reducer
})

export type RootState = ReturnType<typeof rootReducer>

export interface CreateStoreOptions {
  /** how this window reaches main: the endpoints of the api's cache call it */
  api: McpApi
  /** where the state is saved: the ipc storage in the app, an in-memory one in tests */
  storage: Storage
  /** called when saving fails (e.g. main unreachable); the app keeps working in memory */
  onWriteFail?: (error: Error) => void
}

/** A store per window: the main window and the Trace window each rehydrate from the same storage. */
export function createAppStore({ api, storage, onWriteFail }: CreateStoreOptions) {
  const persisted = persistReducer(
    {
      key: 'root',
      version: PERSIST_VERSION,
      storage,
      whitelist: ['settings'],
      migrate: createMigrate(migrations, { debug: false }),
      writeFailHandler: onWriteFail
    },
    rootReducer
  )
  const store = configureStore({
    reducer: persisted,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { api, listEdits: new ListEditsInFlight() } satisfies MainExtra },
        // redux-persist's own actions carry functions (register, rehydrate callbacks) by design;
        // main's data is plain JSON that RTK Query alone writes: a thousand tools are not walked per action
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], ignoredPaths: [mainApi.reducerPath] },
        immutableCheck: { ignoredPaths: [mainApi.reducerPath] }
      }).concat(mainApi.middleware)
  })
  const persistor = persistStore(store)
  return { store, persistor }
}

export type AppStore = ReturnType<typeof createAppStore>['store']
export type AppDispatch = AppStore['dispatch']
