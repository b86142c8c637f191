import type { ErrorCode } from '@shared/ipc/errors'

export type DiscoveryErrorCode = Extract<
  ErrorCode,
  'MCP_REGISTRY_UNSET' | 'MCP_REGISTRY_UNREACHABLE' | 'MCP_REGISTRY_FAILED' | 'MCP_REGISTRY_NOT_FOUND' | 'BAD_REGISTRY_ENTRY' | 'MISSING_INPUT' | 'BUNDLE_DOWNLOAD_FAILED' | 'BUNDLE_CHECKSUM_MISMATCH' | 'BUNDLE_DOWNLOAD_CANCELLED'
>

/** Why an MCP Registry could not be read or an entry not added, as one sentence for the user. */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError'
  constructor(
    readonly code: DiscoveryErrorCode,
    message: string,
    /** MISSING_INPUT: the inputs that need a value */
    readonly keys: string[] = []
  ) {
    super(message)
  }
}
