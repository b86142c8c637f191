import type { McpApi } from '@shared/ipc/api'
import { createBrowserBridge } from './browserBridge'
import { takeSessionToken } from './sessionToken'

declare global {
  interface Window {
    /** set by the Electron preload; absent in browser mode */
    api?: McpApi
  }
}

let instance: McpApi | undefined

/** The one way the renderer reaches main: the preload's api in Electron, the WebSocket bridge in a browser. */
export function getApi(): McpApi {
  instance ??= window.api ?? createBrowserBridge()
  return instance
}

/** Browser mode opened without the session token (and none kept from an earlier load of this tab). */
export function sessionTokenMissing(): boolean {
  return !window.api && !takeSessionToken()
}
