/** The only error shape that crosses IPC: plain data, already redacted. */
export interface SerializedError {
  name: string
  message: string
  code?: string
  data?: unknown
}

export type IpcResponse<T = unknown> = { ok: true; result: T } | { ok: false; error: SerializedError }

export const IpcErrorCode = {
  InvalidArguments: 'INVALID_ARGUMENTS',
  UnknownChannel: 'UNKNOWN_CHANNEL',
  Forbidden: 'FORBIDDEN',
  Internal: 'INTERNAL'
} as const

/** Rebuilt on the renderer side so callers can `catch (e) { e.code }`. */
export class IpcError extends Error {
  readonly code?: string
  readonly data?: unknown
  constructor(error: SerializedError) {
    super(error.message)
    this.name = error.name
    this.code = error.code
    this.data = error.data
  }
}

export function unwrapResponse<T>(response: IpcResponse<T>): T {
  if (response.ok) return response.result
  throw new IpcError(response.error)
}
