import { approvalTarget } from '@shared/mcp/launchSpec'
import type { McpServer } from '@shared/mcp/server'
import { refuseUnusableFolders } from '../main/services/mcp/builtin/filesystem/folderCheck'
import { removeServer } from '../main/services/servers/removeServer'
import type { ServerRegistry } from '../main/services/servers/ServerRegistry'
import { loadConfigFile, lookupServer, type LoadedConfig } from './config'
import { ExitCode, usageError } from './errors'
import { out, outJson } from './output'

/** The commands that change MCP Studio's saved list, through the same registry as the app. */
export type RegistryCommand =
  | { name: 'import'; file: string; json: boolean }
  | { name: 'remove'; server: string; json: boolean }
  | { name: 'approve'; server: string; json: boolean }
  | { name: 'enable'; server: string; json: boolean }
  | { name: 'disable'; server: string; json: boolean }

function registryOf(config: LoadedConfig): ServerRegistry {
  // parseCliArgs refuses --config for these; the saved list is always what they change
  if (!config.registry) throw usageError('this command changes MCP Studio\'s saved servers and takes no --config')
  return config.registry
}

/** `import`: the file's servers join the list, approved (running this command is the consent); all or nothing. */
async function importFile(file: string, inputs: Record<string, string>, config: LoadedConfig, json: boolean): Promise<number> {
  const registry = registryOf(config)
  const loaded = await loadConfigFile(file, inputs)
  const missing = loaded.missingInputs ?? []
  if (missing.length) {
    throw usageError(`${file} needs values for its inputs: pass ${missing.map((input) => `--input ${input.id}=VALUE`).join(' ')}`)
  }
  if (loaded.servers.length === 0) throw usageError(`${file} has no servers to import`)
  let added: McpServer[]
  try {
    await refuseUnusableFolders(loaded.servers)
    added = await registry.add(loaded.servers, { approve: true })
  } catch (error) {
    // a name already in the list, or a server the registry refuses: nothing was added
    throw usageError(`nothing imported: ${(error as Error).message}`)
  }
  await registry.flush()
  if (json) await outJson({ imported: added.map((s) => s.name) })
  else await out(`imported ${added.length} server${added.length === 1 ? '' : 's'}: ${added.map((s) => s.name).join(', ')}`)
  return ExitCode.Ok
}

export async function runRegistryCommand(command: RegistryCommand, config: LoadedConfig, inputs: Record<string, string>, userDataDir: string): Promise<number> {
  if (command.name === 'import') return importFile(command.file, inputs, config, command.json)
  const registry = registryOf(config)
  const server = lookupServer(config, command.server)
  if (command.name === 'remove') {
    // an installed extension's folder goes with its server, as in the window
    await removeServer({ registry, userDataDir }, server.id)
    await registry.flush()
    await (command.json ? outJson({ removed: server.name }) : out(`removed ${server.name}`))
    return ExitCode.Ok
  }
  if (command.name === 'enable' || command.name === 'disable') return setActive(registry, server, command.name === 'enable', command.json)
  await registry.approve(server.id)
  await registry.flush()
  const target = approvalTarget(server)
  await (command.json ? outJson({ approved: server.name, target }) : out(`approved ${server.name}:\n  ${target.replace(/\n/g, '\n  ')}`))
  return ExitCode.Ok
}

/**
 * The active switch, as in the window. The app, if it runs, sees the file change and starts or
 * stops the server; switching on does not approve: an unapproved server waits for `approve`.
 */
async function setActive(registry: ServerRegistry, server: McpServer, on: boolean, json: boolean): Promise<number> {
  await registry.update(server.id, { isActive: on })
  await registry.flush()
  const approved = registry.isApproved(server.id)
  const note = on && !approved ? ` (it runs once approved: cli approve ${JSON.stringify(server.name)})` : ''
  await (json ? outJson({ [on ? 'enabled' : 'disabled']: server.name, approved }) : out(`${on ? 'enabled' : 'disabled'} ${server.name}${note}`))
  return ExitCode.Ok
}
