import type { Platform } from '../platform/Platform'
import type { MCPService } from '../services/mcp/MCPService'
import { removeServer } from '../services/servers/removeServer'
import { knownServer } from '../services/servers/serverAccess'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

const sameRoots = (a: string[] = [], b: string[] = []) => a.length === b.length && a.every((root, i) => root === b[i])

/** The server list's channels: every change goes through main's registry, which tells every window. */
export function serverHandlers(deps: { registry: ServerRegistry; mcp: MCPService; platform: Platform }): NamespaceHandlers<'servers'> {
  const { registry, mcp, platform } = deps
  return {
    'servers:list': () => registry.snapshot(),
    'servers:add': ({ servers }) => registry.add(servers),
    'servers:update': async ({ serverId, changes }) => {
      const before = knownServer(registry, serverId)
      const after = await registry.update(serverId, changes)
      // Q1: a connected server is told its folders changed
      if (!sameRoots(before.roots, after.roots)) await mcp.updateRoots(after)
      return after
    },
    // its process, caches and logs go first (a broken entry has none), an extension's folder after
    'servers:remove': ({ serverId }) => removeServer({ registry, userDataDir: platform.userDataDir, stop: (server) => mcp.removeServer(server) }, serverId),
    'servers:reorder': ({ serverIds }) => registry.reorder(serverIds),
    'servers:approve': async ({ serverIds }) => {
      const asked = serverIds.map((id) => knownServer(registry, id)).filter((server) => !registry.isApproved(server.id))
      if (asked.length === 0) return true
      // Electron asks natively; in browser mode the page has shown the commands already
      if (platform.confirmStart && !(await platform.confirmStart(asked))) return false
      await registry.approveAll(asked.map((server) => server.id))
      return true
    },
    'servers:repair': ({ serverId, entry }) => registry.repair(serverId, entry)
  }
}
