import type { McpServer } from '@shared/mcp/server'
import type { ServerStatus } from '@shared/mcp/status'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectApprovedTargets } from '@renderer/store/mcp'
import { selectServerRuntime } from '@renderer/store/runtime'
import { needsApproval } from '@renderer/components/servers/approval'

/** What the list shows: main's status, or what we can say before main reported anything. */
export type DisplayStatus = ServerStatus | 'needsApproval'

export interface ServerStatusView {
  status: DisplayStatus
  error?: string
  toolCount?: number
}

export function useServerStatus(server: McpServer): ServerStatusView {
  const runtime = useAppSelector((state) => selectServerRuntime(state, server.id))
  const approved = useAppSelector(selectApprovedTargets)
  if (runtime) return runtime
  if (server.isActive && needsApproval(server, approved)) return { status: 'needsApproval' }
  return { status: server.isActive ? 'disconnected' : 'stopped' }
}
