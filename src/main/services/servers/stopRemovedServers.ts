import type { McpServer } from '@shared/mcp/server'
import type { ServerRegistry } from './ServerRegistry'

/**
 * A server taken out of the list elsewhere while the app runs (the CLI's `remove` or `dxt remove`)
 * is stopped here too, its process, caches and logs dropped, as when a window removes it: else the
 * app would keep running a server nobody can see, from an extension folder already deleted.
 * A removal the app made itself has stopped it already; stopping again does nothing.
 */
export function stopRemovedServers(registry: Pick<ServerRegistry, 'snapshot' | 'onChanged'>, stop: (server: McpServer) => Promise<void>): () => void {
  let known = byId(registry.snapshot().servers)
  return registry.onChanged((snapshot) => {
    const now = byId(snapshot.servers)
    for (const [id, server] of known) if (!now.has(id)) void stop(server).catch(() => undefined)
    known = now
  })
}

const byId = (servers: McpServer[]) => new Map(servers.map((server) => [server.id, server]))
