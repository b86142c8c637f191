import type { ApiEvents, ApiOf } from '@shared/ipc/api'
import { BRIDGE_PATH, TOKEN_PARAM, type BridgeMessage, type BridgeRequest } from '@shared/ipc/bridgeProtocol'
import { ipcContract, type ChannelTable } from '@shared/ipc/contract'
import { createApi, type ApiTransport } from '@shared/ipc/createApi'
import type { IpcResponse } from '@shared/ipc/errors'
import { takeSessionToken } from './sessionToken'

type Pending = { resolve: (r: IpcResponse) => void }

const RETRY_MS = [250, 500, 1000, 2000, 5000]

function failure(message: string, code: string): IpcResponse {
  return { ok: false, error: { name: 'BridgeError', message, code } }
}

export interface BrowserBridgeOptions<T extends ChannelTable> {
  /** the session token; by default the one the page was opened with */
  token?: string | null
  /** the channel table; the app's contract by default (a test declares its own) */
  table?: T
  /** where main listens; this page's own host by default */
  origin?: string
}

/**
 * `window.api` for browser mode: the same contract over one WebSocket to main.
 * Calls made before the socket opens wait for it; a dropped socket fails the calls in flight and reconnects.
 */
export function createBrowserBridge<T extends ChannelTable = typeof ipcContract>(
  options: BrowserBridgeOptions<T> = {}
): ApiOf<T> & ApiEvents {
  const token = options.token === undefined ? takeSessionToken() : options.token
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const pending = new Map<number, Pending>()
  let queue: BridgeRequest[] = []
  let nextId = 1
  let socket: WebSocket | null = null
  let attempt = 0

  const url = () => {
    const { protocol, host } = new URL(options.origin ?? window.location.href)
    return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${BRIDGE_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token ?? '')}`
  }

  function connect() {
    const ws = new WebSocket(url())
    let opened = false
    socket = ws
    ws.onopen = () => {
      opened = true
      attempt = 0
      for (const request of queue) ws.send(JSON.stringify(request))
      queue = []
    }
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as BridgeMessage
      if (data.type === 'result') {
        pending.get(data.id)?.resolve(data.response)
        pending.delete(data.id)
      } else if (data.type === 'event') {
        for (const listener of listeners.get(data.event) ?? []) listener(data.payload)
      }
    }
    ws.onclose = () => {
      socket = null
      // sent calls are lost with the socket; queued ones wait for the next one, unless it never opened
      const message = opened
        ? 'Lost the connection to MCP Studio. Is it still running? Reload the page to retry.'
        : 'Could not reach MCP Studio. Is it running, and did you open the link it printed (with #token=…)?'
      for (const [id, call] of pending) {
        if (opened && queue.some((q) => q.id === id)) continue
        call.resolve(failure(message, 'DISCONNECTED'))
        pending.delete(id)
      }
      if (!opened) queue = []
      setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)])
    }
  }

  const transport: ApiTransport = {
    invoke(channel, args) {
      if (!token) {
        return Promise.resolve(
          failure('No session token: open MCP Studio with the link it printed (…/#token=…).', 'NO_TOKEN')
        )
      }
      if (!socket) connect()
      const request: BridgeRequest = { type: 'invoke', id: nextId++, channel, args }
      return new Promise<IpcResponse>((resolve) => {
        pending.set(request.id, { resolve })
        if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request))
        else queue.push(request)
      })
    },
    on(event, listener) {
      if (!socket && token) connect()
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    }
  }
  return createApi(transport, options.table ?? (ipcContract as unknown as T))
}
