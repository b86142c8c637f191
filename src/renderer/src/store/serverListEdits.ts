import type { ServersSnapshot } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import { applyServerChanges, type McpServerChanges } from '@shared/mcp/serverChanges'

/** What servers:update may change: everything but the id; `ui` and `tools` field by field. */
export type { McpServerChanges } from '@shared/mcp/serverChanges'

/**
 * Main's new list, with the object of every server that did not change kept as it was: what shows
 * such a server (an open editor, its lists) is not rendered again.
 */
export function keepUnchanged(before: ServersSnapshot | undefined, next: ServersSnapshot): ServersSnapshot {
  const previous = new Map((before?.servers ?? []).map((s) => [s.id, s]))
  const servers = next.servers.map((server) => {
    const old = previous.get(server.id)
    return old && JSON.stringify(old) === JSON.stringify(server) ? old : server
  })
  return { ...next, servers }
}

/** A change shown before main confirms it (a draft of the cached list); undefined clears a field. */
export function applyChanges(draft: ServersSnapshot, id: string, changes: McpServerChanges): void {
  const index = draft.servers.findIndex((s) => s.id === id)
  // the same merge main makes; main's answer replaces it
  if (index >= 0) draft.servers[index] = applyServerChanges(draft.servers[index], changes) as McpServer
}

/** The list in the order of `ids` (every server's id); one not named goes last. */
export function applyOrder(draft: ServersSnapshot, ids: readonly string[]): void {
  const rank = new Map(ids.map((id, i) => [id, i]))
  draft.servers.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity))
}
