import { BuiltinServerNames, isBuiltinServer } from '@shared/mcp/builtin'
import type { AnyKindFields } from '@shared/mcp/server'
import { RegistryError } from '../../../servers/registryError'
import { AllowedRoots, describeProblem } from './allowedRoots'

type Checked = Pick<AnyKindFields, 'type' | 'name' | 'args'>

const isFilesystem = (server: Checked) => isBuiltinServer(server) && server.name === BuiltinServerNames.filesystem

/**
 * Why the folders a filesystem built-in was given (its `args`) cannot be used, one sentence each
 * naming the folder; empty for any other server. `roots` are not checked: a client may name
 * folders that appear later, and the tools say so then.
 */
export async function folderProblems(server: Checked): Promise<string[]> {
  if (!isFilesystem(server) || !server.args?.length) return []
  return (await AllowedRoots.resolve(server.args)).unusable.map(describeProblem)
}

/**
 * Refuses a filesystem built-in whose folder is missing before it joins the list: otherwise it
 * would show as connected and fail only when a tool runs. Shared by the window and `cli import`.
 */
export async function refuseUnusableFolders(servers: readonly Checked[]): Promise<void> {
  for (const server of servers) {
    const problems = await folderProblems(server)
    if (problems.length) throw new RegistryError('INVALID_SERVER', `the folder ${problems.join('; ')}`)
  }
}
