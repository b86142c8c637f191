import type { FileStorage } from '../services/storage/FileStorage'
import type { NamespaceHandlers } from './IpcRouter'

/** The renderer's own settings (language, theme …); the servers live in the ServerRegistry. */
export function storageHandlers(storage: FileStorage): NamespaceHandlers<'storage'> {
  return {
    'storage:get-item': ({ key }) => storage.getItem(key),
    'storage:set-item': ({ key, value }) => storage.setItem(key, value),
    'storage:remove-item': ({ key }) => storage.removeItem(key)
  }
}
