import type { McpApi } from '@shared/ipc/api'
import { createBrowserBridge } from './browserBridge'

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
