import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { getApi } from '@renderer/api'
import { AppProviders } from '@renderer/components/AppProviders'
import { createAppStore } from '@renderer/store'
import { createIpcStorage } from '@renderer/store/ipcStorage'
import './theme/global.css'

/** Shared start-up of every window (main, Trace): one api, one persisted store, one React root. */
export function bootstrap(page: ReactNode): void {
  const api = getApi()
  const { store, persistor } = createAppStore({
    api,
    storage: createIpcStorage(api),
    // the UI keeps working from memory; the warning tells a developer why nothing was saved
    onWriteFail: (error) => console.warn('Could not save the app state:', error.message)
  })
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  createRoot(container).render(
    <StrictMode>
      <AppProviders api={api} store={store} persistor={persistor}>
        {page}
      </AppProviders>
    </StrictMode>
  )
}
