import { contextBridge, ipcRenderer } from 'electron'
import { IpcEvent, type IpcEventName } from '@shared/ipc/IpcChannel'
import { createApi } from '@shared/ipc/createApi'
import type { IpcResponse } from '@shared/ipc/errors'

const events = new Set<string>(Object.values(IpcEvent))

// window.api: the shared contract over ipcRenderer; nothing else of Electron reaches the page
const api = createApi({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args) as Promise<IpcResponse>,
  on(event: IpcEventName, listener) {
    // only our events: the page cannot listen on arbitrary Electron channels
    if (!events.has(event)) throw new Error(`Unknown event "${String(event)}"`)
    const handler = (_event: unknown, payload: unknown) => listener(payload)
    ipcRenderer.on(event, handler)
    return () => void ipcRenderer.removeListener(event, handler)
  }
})

contextBridge.exposeInMainWorld('api', api)
