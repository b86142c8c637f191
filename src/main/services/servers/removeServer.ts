import { isExtensionServer, type McpServer } from '@shared/mcp/server'
import { removeExtensionFolder } from '../extensions/extensionFolders'
import type { ServerRegistry } from './ServerRegistry'

export interface RemoveServerDeps {
  registry: ServerRegistry
  /** the user-data folder installed extensions live under */
  userDataDir: string
  /** stops it and drops everything it held (its process, caches, logs); absent where nothing runs */
  stop?(server: McpServer): Promise<void>
}

/**
 * Removing a server, from the window or the CLI: stopped first, then taken out of the list; an
 * installed extension's folder goes with it (found by its manifest name, the folder it was
 * installed in), unless another server still uses that folder.
 */
export async function removeServer(deps: RemoveServerDeps, id: string): Promise<boolean> {
  const { registry } = deps
  const server = registry.get(id)
  if (server) await deps.stop?.(server)
  const removed = await registry.remove(id)
  const folder = server && isExtensionServer(server) ? server.dxtPath : undefined
  if (removed && folder && !registry.snapshot().servers.some((other) => isExtensionServer(other) && other.dxtPath === folder)) {
    await removeExtensionFolder(deps.userDataDir, folder)
  }
  return removed
}
