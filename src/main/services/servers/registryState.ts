import { approvalTarget, runsNothing } from '@shared/mcp/launchSpec'
import type { RegistryNotice, ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import { isValid, type Slot } from './serverEntries'

/** What the registry holds in memory, and the answers read from it (no I/O, no validation). */
export class RegistryState {
  /** the user's list in order: valid servers and broken entries where the file had them */
  slots: Slot[] = []
  /** server id → the approval target the user approved */
  approvals: Record<string, string> = {}
  notice: RegistryNotice | undefined

  /** Everything the file held; the notice (a fact about this run) stays. */
  replace(slots: Slot[], approvals: Record<string, string>): void {
    this.slots = slots
    this.approvals = approvals
  }

  validServers(): McpServer[] {
    return this.slots.flatMap((slot) => (isValid(slot) ? [slot.server] : []))
  }

  findValid(id: string): McpServer | undefined {
    // a plain scan, no copy of the list: every IPC call about a server asks this
    for (const slot of this.slots) if (isValid(slot) && slot.server.id === id) return slot.server
    return undefined
  }

  /** Approved for exactly what it runs now, or it runs nothing that needs approval. */
  approvedNow(server: McpServer): boolean {
    return runsNothing(server) || this.approvals[server.id] === approvalTarget(server)
  }

  /** A deep copy: callers may change it freely. */
  snapshot(): ServersSnapshot {
    const servers = this.validServers()
    return structuredClone({
      servers,
      approved: Object.fromEntries(servers.map((server) => [server.id, this.approvedNow(server)])),
      broken: this.slots.flatMap((slot) => (isValid(slot) ? [] : [slot.broken])),
      ...(this.notice ? { notice: this.notice } : {})
    })
  }
}
