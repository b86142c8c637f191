import type { IpcResponse } from './errors'

/** Messages on the browser-mode WebSocket (renderer ⇄ main). JSON, one object per frame. */
export type BridgeRequest = { type: 'invoke'; id: number; channel: string; args?: unknown }

export type BridgeMessage =
  | { type: 'result'; id: number; response: IpcResponse }
  | { type: 'event'; event: string; payload: unknown }

export const BRIDGE_PATH = '/api/ws'
export const TOKEN_PARAM = 'token'
