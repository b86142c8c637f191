import { realpathSync, rmSync } from 'node:fs'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { InMemoryServer, McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../../src/main/services/mcp/MCPService'
import { closeAllServices, makeService, tempDir } from '../helpers'

/** Shared by the filesystem server's tests: a real MCPService, a root folder and one outside it. */
const dirs: string[] = []
export async function cleanUp(): Promise<void> {
  await closeAllServices()
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
}

/** A fresh folder, by its real path (on macOS the temp folder is behind a symlink). */
export function folder(prefix: string): string {
  const dir = realpathSync(tempDir(prefix))
  dirs.push(dir)
  return dir
}

let serial = 0
export function filesystemServer(extra: Partial<InMemoryServer>): InMemoryServer {
  return { id: `fs-${++serial}`, name: BuiltinServerNames.filesystem, type: 'inMemory', isActive: true, ...extra }
}

export function setup() {
  const root = folder('mcp-fs-root-')
  const outside = folder('mcp-fs-outside-')
  const made = makeService({ trust: () => true })
  dirs.push(made.platform.userDataDir)
  return { ...made, root, outside, server: filesystemServer({ args: [root] }) }
}

export const textOf = (result: CallToolResult) =>
  (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n')

export async function call(service: MCPService, server: McpServer, name: string, args: Record<string, unknown> = {}) {
  const result = await service.callTool({ server, name, args })
  return { result, text: textOf(result), isError: result.isError === true }
}
