import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import type { Storage } from 'redux-persist'
import type { McpApi } from '@shared/ipc/api'
import { AppProviders } from '@renderer/components/AppProviders'
import { createAppStore } from '@renderer/store'
import { createMemoryStorage } from './memoryStorage'

/**
 * Renders a page inside the app's real providers, with a real store on in-memory storage (seeded
 * with `saved`), or on the given storage engine (e.g. the ipc one).
 */
export function renderApp(
  page: ReactNode,
  { api, saved, storage }: { api: McpApi; saved?: Record<string, string>; storage?: Storage }
) {
  const memory = createMemoryStorage(saved)
  const { store, persistor } = createAppStore({ api, storage: storage ?? memory.storage })
  const view = render(
    <AppProviders api={api} store={store} persistor={persistor}>
      {page}
    </AppProviders>
  )
  return { ...view, store, persistor, storage: memory }
}
