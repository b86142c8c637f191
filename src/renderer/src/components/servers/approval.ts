import type { McpServer } from '@shared/mcp/server'
import { serverTarget } from './serverTarget'

/** Servers the user did not type in themselves: the full command is shown before their first start. */
const NEEDS_APPROVAL: ReadonlySet<McpServer['installSource']> = new Set(['import', 'deeplink'])

/** What the user approves: the command line or URL, plus the cwd it runs in. */
export function approvalTarget(server: McpServer): string {
  const target = serverTarget(server) ?? ''
  return server.cwd ? `${target}\n(cwd: ${server.cwd})` : target
}

export function needsApproval(server: McpServer, approved: Record<string, string>): boolean {
  return NEEDS_APPROVAL.has(server.installSource) && approved[server.id] !== approvalTarget(server)
}
