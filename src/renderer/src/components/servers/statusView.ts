import type { ServerState } from '@shared/mcp/status'
import { describeError, type AppError } from '@renderer/components/errors/describeError'

/** What the list and the editor show for a state; also their `data-status`, which E2E tests read. */
export type DisplayStatus = 'connected' | 'connecting' | 'error' | 'stopped' | 'needsApproval' | 'needsSignIn'

export interface ServerStatusView {
  status: DisplayStatus
  /** why it failed: main's code (a sentence in the UI language) and its English detail */
  error?: AppError
  /** when main tries again a server that ended on its own (ms since the epoch) */
  retryAt?: number
}

/** Main's state of a server as the user reads it; a server main never started is stopped. */
export function statusView(state: ServerState | undefined): ServerStatusView {
  switch (state?.status) {
    case 'starting':
      return { status: 'connecting' }
    case 'connected':
      return { status: 'connected' }
    case 'failed':
      return { status: 'error', error: describeError(state), retryAt: state.retryAt }
    case 'needs-approval':
      return { status: 'needsApproval' }
    case 'needs-sign-in':
      return { status: 'needsSignIn', error: describeError({ message: state.message, code: 'NEEDS_SIGN_IN' }) }
    default:
      return { status: 'stopped' }
  }
}
