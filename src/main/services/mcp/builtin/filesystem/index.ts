import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { InProcessServerContext } from '../../transports/inMemory'
import { AllowedRoots } from './allowedRoots'
import { registerDirectoryTools } from './directoryTools'
import { PathGuard } from './pathGuard'
import { registerReadTools } from './readTools'
import { registerWriteTools } from './writeTools'

/**
 * `@studio/filesystem`: the reference filesystem server's tools, confined to the folders in the
 * server's `args` and `roots`. A folder that cannot be used does not stop the server; the tools
 * say what is wrong with it.
 */
export async function createFilesystemServer({ server }: InProcessServerContext): Promise<McpServer> {
  const guard = new PathGuard(await AllowedRoots.resolve(server.args, server.roots))
  const mcp = new McpServer({ name: 'studio-filesystem', version: '1.0.0' })
  registerReadTools(mcp, guard)
  registerDirectoryTools(mcp, guard)
  registerWriteTools(mcp, guard)
  return mcp
}
