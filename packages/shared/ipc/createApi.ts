import type { ApiEvents, ApiOf, McpApi } from './api'
import { ipcContract, methodName, type ChannelTable, type IpcEventName } from './contract'
import { unwrapResponse, type IpcResponse } from './errors'

/** How a `window.api` reaches main: Electron's ipcRenderer, the browser-mode WebSocket, or a router in a test. */
export interface ApiTransport {
  invoke(channel: string, args: unknown): Promise<IpcResponse>
  on(event: IpcEventName, listener: (payload: unknown) => void): () => void
}

/** Builds the typed api object from a channel table (the app's by default), so every front end exposes the same shape. */
export function createApi(transport: ApiTransport): McpApi
export function createApi<T extends ChannelTable>(transport: ApiTransport, table: T): ApiOf<T> & ApiEvents
export function createApi(transport: ApiTransport, table: ChannelTable = ipcContract): unknown {
  const api: Record<string, Record<string, unknown>> = {}
  for (const channel of Object.keys(table)) {
    const { namespace, method } = methodName(channel)
    api[namespace] ??= {}
    api[namespace][method] = async (args?: unknown) => unwrapResponse(await transport.invoke(channel, args))
  }
  const events: ApiEvents = { on: (event, listener) => transport.on(event, listener as (payload: unknown) => void) }
  return Object.assign(api, events)
}
