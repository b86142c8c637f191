import { IpcErrorCode, type SerializedError } from '@shared/ipc/errors'
import { collapseMcpErrorPrefix } from '@shared/mcp/mcpErrorText'
import { redactSensitive, redactText, truncate } from '@shared/mcp/redact'

/** Any thrown value → plain, redacted data that can cross IPC. No stack traces reach the user. */
export function serializeError(error: unknown, secrets: readonly string[] = []): SerializedError {
  if (error instanceof Error) {
    const out: SerializedError = {
      name: error.name || 'Error',
      message: truncate(redactText(collapseMcpErrorPrefix(error.message || String(error)), { secrets }), 2000)
    }
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' || typeof code === 'number') out.code = String(code)
    const data = (error as { data?: unknown }).data
    if (data !== undefined) out.data = redactSensitive(data, { secrets })
    return out
  }
  if (typeof error === 'string') return { name: 'Error', message: truncate(redactText(error, { secrets }), 2000) }
  return { name: 'Error', message: 'Unexpected error', code: IpcErrorCode.Internal, data: redactSensitive(error, { secrets }) }
}
