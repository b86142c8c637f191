import { IpcChannel } from '@shared/ipc/IpcChannel'
import type { FileStorage } from '../services/storage/FileStorage'
import type { IpcRouter } from './IpcRouter'

export function registerStorageHandlers(router: IpcRouter, storage: FileStorage): void {
  router.handle(IpcChannel.Storage_GetItem, ({ key }) => storage.getItem(key))
  router.handle(IpcChannel.Storage_SetItem, ({ key, value }) => storage.setItem(key, value))
  router.handle(IpcChannel.Storage_RemoveItem, ({ key }) => storage.removeItem(key))
}
