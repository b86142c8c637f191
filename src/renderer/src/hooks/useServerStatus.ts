import type { McpServer } from '@shared/mcp/server'
import type { ServerStatus } from '@shared/mcp/status'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectIsApproved } from '@renderer/store/mcp'
import { selectServerRuntime } from '@renderer/store/runtime'

/** What the list shows: main's status, or what we can say before main reported anything. */
export type DisplayStatus = ServerStatus | 'needsApproval' | 'needsSignIn'

export interface ServerStatusView {
  status: DisplayStatus
  error?: string
  /** the stable code of the error, for its sentence in the UI language */
  code?: string
  toolCount?: number
}

export function useServerStatus(server: McpServer): ServerStatusView {
  const runtime = useAppSelector((state) => selectServerRuntime(state, server.id))
  const approved = useAppSelector((state) => selectIsApproved(state, server.id))
  // main will not start it until the user approved what it runs now; a running one goes on
  // showing until it stops
  const running = runtime?.status === 'connected' || runtime?.status === 'connecting'
  if (server.isActive && !approved && !running) return { status: 'needsApproval' }
  // a remote server refused for want of a sign-in waits for the user's Sign in
  if (runtime?.status === 'error' && runtime.code === 'NEEDS_SIGN_IN') return { ...runtime, status: 'needsSignIn' }
  if (runtime) return runtime
  return { status: server.isActive ? 'disconnected' : 'stopped' }
}
