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
import { mcpReducer } from './mcp'
import { migrations, PERSIST_VERSION } from './migrations'
import { resourceUpdatesReducer } from './resourceUpdates'
import { runtimeReducer } from './runtime'
import { settingsReducer } from './settings'

// mcp mirrors main's server registry and runtime is what main reports now: neither is persisted
const rootReducer = combineReducers({
  mcp: mcpReducer,
  settings: settingsReducer,
  runtime: runtimeReducer,
  resourceUpdates: resourceUpdatesReducer
})

export type RootState = ReturnType<typeof rootReducer>

export interface CreateStoreOptions {
  /** where the state is saved: the ipc storage in the app, an in-memory one in tests */
  storage: Storage
  /** called when saving fails (e.g. main unreachable); the app keeps working in memory */
  onWriteFail?: (error: Error) => void
}

/** A store per window: the main window and the Trace window each rehydrate from the same storage. */
export function createAppStore({ storage, onWriteFail }: CreateStoreOptions) {
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
        // redux-persist's own actions carry functions (register, rehydrate callbacks) by design
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] }
      })
  })
  const persistor = persistStore(store)
  return { store, persistor }
}

export type AppStore = ReturnType<typeof createAppStore>['store']
export type AppDispatch = AppStore['dispatch']
