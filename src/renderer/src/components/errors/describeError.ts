import type { TFunction } from 'i18next'
import { isErrorCode, type ErrorCode } from '@shared/ipc/errors'

/** What the renderer knows of a failure: main's English detail and, when main gave one, its stable code. */
export interface AppError {
  message: string
  code?: ErrorCode
}

/** One line for a toast: the sentence for the code (UI language), then main's detail. */
export function errorLine(t: TFunction, error: AppError): string {
  return error.code ? `${t(`errors.${error.code}`)} ${error.message}` : error.message
}

/** Any thrown value (an IpcError from main, a bridge failure, a status event's error and code) as an AppError. */
export function describeError(error: unknown): AppError {
  const { message, code } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; code?: unknown }
  if (typeof message !== 'string') return { message: String(error) }
  return isErrorCode(code) ? { message, code } : { message }
}
