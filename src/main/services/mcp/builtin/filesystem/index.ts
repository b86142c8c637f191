import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { McpServerError } from '../../errors'
import type { InProcessServerContext } from '../../transports/inMemory'
import { AllowedRoots, describeProblem } from './allowedRoots'
import { registerDirectoryTools } from './directoryTools'
import { PathGuard } from './pathGuard'
import { registerReadTools } from './readTools'
import { registerWriteTools } from './writeTools'

/**
 * `@studio/filesystem`: the reference filesystem server's tools, confined to the folders in the
 * server's `args` and `roots`. A folder in `args` that cannot be used (a hand-edited file; adding
 * refuses it) fails the start naming it, rather than a server that connects and fails at every
 * call. A root that cannot be used does not stop it; the tools say what is wrong with it.
 */
export async function createFilesystemServer({ server }: InProcessServerContext): Promise<McpServer> {
  const roots = await AllowedRoots.resolve(server.args, server.roots)
  const broken = roots.unusable.filter((root) => root.source === 'args')
  if (broken.length) throw new McpServerError(server, 'BAD_CONFIG', `the folder ${broken.map(describeProblem).join('; ')}`)
  const guard = new PathGuard(roots)
  const mcp = new McpServer({ name: 'studio-filesystem', version: '1.0.0' })
  registerReadTools(mcp, guard)
  registerDirectoryTools(mcp, guard)
  registerWriteTools(mcp, guard)
  return mcp
}
