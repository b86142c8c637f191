import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { IpcErrorCode, type IpcResponse } from '@shared/ipc/errors'
import type { IpcRouter } from './IpcRouter'

/** Answers only frames that show one of our pages; anything else (an injected frame, a foreign page) is refused. */
export type SenderCheck = (frameUrl: string | undefined, webContentsId: number) => boolean

/** Binds every router channel to ipcMain.handle, with the sender checked before the router runs. */
export function bindRouterToIpcMain(ipcMain: IpcMain, router: IpcRouter, isTrusted: SenderCheck): () => void {
  const channels = router.channels()
  for (const channel of channels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, args: unknown): Promise<IpcResponse> | IpcResponse => {
      if (!isTrusted(event.senderFrame?.url, event.sender.id)) {
        return {
          ok: false,
          error: { name: 'IpcError', code: IpcErrorCode.Forbidden, message: `Refused ${channel}: the caller is not an MCP Studio window` }
        }
      }
      return router.invoke(channel, args, { via: 'electron' })
    })
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel))
}
