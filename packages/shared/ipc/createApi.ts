import { apiMethods, type IpcEventName } from './IpcChannel'
import type { McpApi } from './api'
import type { EventPayload } from './contract'
import { unwrapResponse, type IpcResponse } from './errors'

/** How a `window.api` reaches main: Electron's ipcRenderer, the browser-mode WebSocket, or a router in a test. */
export interface ApiTransport {
  invoke(channel: string, args: unknown): Promise<IpcResponse>
  on(event: IpcEventName, listener: (payload: unknown) => void): () => void
}

/** Builds the typed api object from the method table, so every front end exposes the same shape. */
export function createApi(transport: ApiTransport): McpApi {
  const api: Record<string, unknown> = {
    on: <E extends IpcEventName>(event: E, listener: (payload: EventPayload<E>) => void) =>
      transport.on(event, listener as (payload: unknown) => void)
  }
  for (const [ns, methods] of Object.entries(apiMethods)) {
    const target: Record<string, (args?: unknown) => Promise<unknown>> = {}
    for (const [method, channel] of Object.entries(methods)) {
      target[method] = async (args?: unknown) => unwrapResponse(await transport.invoke(channel, args))
    }
    api[ns] = target
  }
  return api as McpApi
}
