import { withClearedFields } from '@shared/mcp/serverChanges'
import type { Platform } from '../platform/Platform'
import { refuseUnusableFolders } from '../services/mcp/builtin/filesystem/folderCheck'
import type { McpHost } from '../services/mcp/mcpHost'
import { removeServer } from '../services/servers/removeServer'
import { knownServer } from '../services/servers/serverAccess'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

/** The server list's channels: every change goes through main's registry, which tells every window. */
export function serverHandlers(deps: { registry: ServerRegistry; mcp: McpHost; platform: Platform }): NamespaceHandlers<'servers'> {
  const { registry, mcp, platform } = deps
  return {
    'servers:list': () => registry.snapshot(),
    // a filesystem built-in on a missing folder is refused here, not found out at its first call
    'servers:add': async ({ servers }) => {
      await refuseUnusableFolders(servers)
      return registry.add(servers)
    },
    // main's server manager acts on the change (stop, restart, new roots), whoever made it
    'servers:update': ({ serverId, changes, clear = [] }) => registry.update(serverId, withClearedFields(changes, clear)),
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
