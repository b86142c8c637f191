import type { ErrorCode } from '@shared/ipc/errors'

export type RegistryErrorCode = Extract<ErrorCode, 'SERVER_NOT_FOUND' | 'SERVER_EXISTS' | 'INVALID_SERVER' | 'INVALID_ORDER'>

/** A change to the server list that was refused, with nothing changed: a stable code and the English detail. */
export class RegistryError extends Error {
  constructor(
    readonly code: RegistryErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'RegistryError'
  }
}
