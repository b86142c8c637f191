import type { AppInfo } from '@shared/ipc/contract'
import { IpcRouter } from './ipc/IpcRouter'
import { registerAppHandlers, type WindowHost } from './ipc/registerAppHandlers'
import { registerMcpHandlers } from './ipc/registerMcpHandlers'
import { registerStorageHandlers } from './ipc/registerStorageHandlers'
import type { Platform } from './platform/Platform'
import { MCPService } from './services/mcp/MCPService'
import { FileStorage } from './services/storage/FileStorage'

export interface Host {
  router: IpcRouter
  mcp: MCPService
  storage: FileStorage
  /** ends every MCP client and child process (L8) */
  close(): Promise<void>
}

/** The composition root shared by Electron and browser mode: services built once, every channel registered. */
export function createHost(deps: { platform: Platform; mode: AppInfo['mode']; windows: WindowHost }): Host {
  const router = new IpcRouter()
  const mcp = new MCPService({ platform: deps.platform })
  const storage = new FileStorage(deps.platform.userDataDir)
  registerAppHandlers(router, deps)
  registerStorageHandlers(router, storage)
  registerMcpHandlers(router, mcp)
  return { router, mcp, storage, close: () => mcp.closeAll() }
}
