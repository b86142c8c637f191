import { isHttp } from '@shared/mcp/server'
import { approvalTarget, launchSpec } from '@shared/mcp/launchSpec'
import { isValid, type Slot } from './serverEntries'

/**
 * A URL server's approval was once the whole URL, query keys included; it is now the URL with
 * those hidden. An approval of the very URL the server still has is the same consent, kept in the
 * new form (and so, at the next write, without the key in clear).
 */
export function upgradeApprovals(slots: readonly Slot[], approvals: Record<string, string>): Record<string, string> {
  for (const slot of slots) {
    if (!isValid(slot)) continue
    const { server } = slot
    const stored = approvals[server.id]
    if (stored === undefined || !isHttp(server) || launchSpec(server).kind !== 'http' || stored !== server.baseUrl) continue
    approvals[server.id] = approvalTarget(server)
  }
  return approvals
}
