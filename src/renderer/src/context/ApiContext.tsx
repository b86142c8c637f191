import { createContext, useContext, type ReactNode } from 'react'
import type { McpApi } from '@shared/ipc/api'
import { getApi } from '@renderer/api'

const ApiContext = createContext<McpApi | null>(null)

/**
 * Hands components the api they talk to main with. The app passes getApi(); tests pass a real
 * api wired to a real router, so components never reach for window.api themselves.
 */
export function ApiProvider({ api, children }: { api: McpApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
}

export function useApi(): McpApi {
  // outside a provider (should not happen in the app) fall back to the real one rather than crash
  return useContext(ApiContext) ?? getApi()
}
