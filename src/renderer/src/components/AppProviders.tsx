import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Persistor } from 'redux-persist'
import { PersistGate } from 'redux-persist/integration/react'
import type { McpApi } from '@shared/ipc/api'
import { ApiProvider } from '@renderer/context/ApiContext'
import { I18nProvider } from '@renderer/i18n/I18nProvider'
import type { AppStore } from '@renderer/store'
import { ThemeProvider } from '@renderer/theme/ThemeProvider'

export interface AppProvidersProps {
  api: McpApi
  store: AppStore
  persistor: Persistor
  children: ReactNode
}

/**
 * Everything a window's pages need, in dependency order. Nothing renders until the saved state is
 * back (PersistGate): a flash of defaults (wrong language, light theme, no servers) would be a lie.
 */
export function AppProviders({ api, store, persistor, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <ApiProvider api={api}>
          <I18nProvider>
            <ThemeProvider>{children}</ThemeProvider>
          </I18nProvider>
        </ApiProvider>
      </PersistGate>
    </Provider>
  )
}
