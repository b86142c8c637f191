import type { IpcRenderer } from 'electron'
import type { ApiEvents, ApiOf } from '@shared/ipc/api'
import { ipcContract, ipcEvents, type ChannelTable, type IpcEventName } from '@shared/ipc/contract'
import { createApi } from '@shared/ipc/createApi'
import type { IpcResponse } from '@shared/ipc/errors'

const events = new Set<string>(Object.keys(ipcEvents))

/** window.api over ipcRenderer, built from a channel table: the app's contract, or a test's. */
export function createPreloadApi<T extends ChannelTable = typeof ipcContract>(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  table: T = ipcContract as unknown as T
): ApiOf<T> & ApiEvents {
  return createApi(
    {
      invoke: (channel, args) => ipc.invoke(channel, args) as Promise<IpcResponse>,
      on(event: IpcEventName, listener) {
        // only our events: the page cannot listen on arbitrary Electron channels
        if (!events.has(event)) throw new Error(`Unknown event "${String(event)}"`)
        const handler = (_event: unknown, payload: unknown) => listener(payload)
        ipc.on(event, handler)
        return () => void ipc.removeListener(event, handler)
      }
    },
    table
  )
}
