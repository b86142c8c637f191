import type { McpApi } from '@shared/ipc/api'
import type { Storage } from 'redux-persist'

/**
 * redux-persist's storage engine backed by main (`api.storage`): the state lives in the user-data
 * folder, so the Electron app and browser mode read the same servers, and no browser origin's
 * localStorage holds them.
 */
export function createIpcStorage(api: Pick<McpApi, 'storage'>): Storage {
  return {
    getItem: (key: string) => api.storage.getItem({ key }),
    setItem: (key: string, value: string) => api.storage.setItem({ key, value }),
    removeItem: (key: string) => api.storage.removeItem({ key })
  }
}
