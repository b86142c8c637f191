import type { ErrorCode } from '@shared/ipc/errors'

/**
 * Why an extension could not be staged, installed or started, in words for the user. `code` is
 * one the renderer has a sentence for; it also lets the UI and the CLI pick what to do (ask to
 * confirm a bad signature, ask for a missing setting).
 */
export type ExtensionErrorCode = Extract<
  ErrorCode,
  | 'BAD_ARCHIVE'
  | 'UNSAFE_ARCHIVE'
  | 'ARCHIVE_TOO_LARGE'
  | 'BAD_MANIFEST'
  | 'INCOMPATIBLE'
  | 'BAD_SIGNATURE'
  | 'MISSING_CONFIG'
  | 'BAD_CONFIG'
  | 'EXTENSION_NOT_FOUND'
  | 'SERVER_EXISTS'
  | 'INSTALL_IN_PROGRESS'
>

export class ExtensionError extends Error {
  override name = 'ExtensionError'
  constructor(
    readonly code: ExtensionErrorCode,
    message: string,
    /** MISSING_CONFIG: the user_config keys that need a value */
    readonly keys: string[] = []
  ) {
    super(message)
  }
}
