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

/**
 * Every stable code main (or the bridge) puts on an error. The renderer shows the sentence for
 * the code in the UI language and main's English detail beneath it; a code not listed here
 * shows the detail alone.
 */
export const ERROR_CODES = [
  // the IPC edge and the browser bridge
  ...Object.values(IpcErrorCode),
  'DISCONNECTED',
  'NO_TOKEN',
  // the server list (main's registry) and trust
  'SERVER_NOT_FOUND',
  'SERVER_EXISTS',
  'INVALID_SERVER',
  'INVALID_ORDER',
  'NEEDS_APPROVAL',
  // starting and using a server
  'BAD_CONFIG',
  'COMMAND_NOT_FOUND',
  'RUNTIME_MISSING',
  'INVALID_RUNTIME_PATH',
  'SERVER_EXITED',
  'CONNECT_TIMEOUT',
  'CONNECTION_REFUSED',
  'HTTP_ERROR',
  'CONNECT_FAILED',
  'TOOL_DISABLED',
  'BAD_ARGUMENTS',
  'CALL_ID_IN_USE',
  'TOOL_TIMEOUT',
  'CANCELLED',
  'REQUEST_FAILED',
  'STOPPED',
  // OAuth: a sign-in is needed, or one did not complete
  'NEEDS_SIGN_IN',
  'SIGN_IN_FAILED',
  // desktop extensions: installing an archive, or starting one without its settings
  'BAD_ARCHIVE',
  'UNSAFE_ARCHIVE',
  'ARCHIVE_TOO_LARGE',
  'BAD_MANIFEST',
  'INCOMPATIBLE',
  'BAD_SIGNATURE',
  'MISSING_CONFIG',
  'EXTENSION_NOT_FOUND',
  'INSTALL_IN_PROGRESS',
  // the chat
  'CHAT_NOT_FOUND',
  'CHAT_BUSY',
  'NOTHING_TO_RETRY',
  'CHAT_SERVER_UNAVAILABLE',
  'RESOURCE_NOT_TEXT',
  'MODEL_TAKES_NO_IMAGES',
  // finding servers in an MCP Registry and adding one
  'MCP_REGISTRY_UNSET',
  'MCP_REGISTRY_UNREACHABLE',
  'MCP_REGISTRY_FAILED',
  'MCP_REGISTRY_NOT_FOUND',
  'BAD_REGISTRY_ENTRY',
  'MISSING_INPUT',
  'BUNDLE_DOWNLOAD_FAILED',
  'BUNDLE_CHECKSUM_MISMATCH',
  'BUNDLE_DOWNLOAD_CANCELLED'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)
}

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
