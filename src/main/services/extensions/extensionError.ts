/**
 * Why an extension could not be installed or started, in words for the user. `code` lets the
 * UI and the CLI pick what to do (ask to confirm a bad signature, ask for a missing setting).
 */
export type ExtensionErrorCode =
  | 'BAD_ARCHIVE'
  | 'UNSAFE_ARCHIVE'
  | 'TOO_LARGE'
  | 'BAD_MANIFEST'
  | 'INCOMPATIBLE'
  | 'BAD_SIGNATURE'
  | 'MISSING_CONFIG'
  | 'BAD_CONFIG'
  | 'NOT_FOUND'

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
