import { readFile } from 'node:fs/promises'
import { applyConfigInputs, McpConfigError, parseMcpConfigFile, type ConfigInput } from '@shared/mcp/configImport'
import { approvalTarget } from '@shared/mcp/launchSpec'
import type { RegistryNotice } from '@shared/mcp/registry'
import type { McpServer } from '@shared/mcp/server'
import { ServerRegistry } from '../main/services/servers/ServerRegistry'
import { usageError } from './errors'
import { err } from './output'

export interface LoadedConfig {
  servers: McpServer[]
  /** where the servers came from, for messages */
  source: string
  /** inputs of the file that no --input filled and that have no default */
  missingInputs?: ConfigInput[]
  /** a --config file on the command line is the user's consent; the app's list says per server */
  isApproved(id: string): boolean
  /** the app's registry, when the servers came from it (import, remove, approve change it) */
  registry?: ServerRegistry
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw usageError(`cannot read ${file}: ${(error as Error).message}`)
  }
}

/**
 * `--config FILE`: the whole file is validated; one bad entry fails the run (exit 2) naming it.
 * `inputs` fill its `${input:ID}` placeholders; an input left out is asked for only by the
 * command that needs it (findServer).
 */
export async function loadConfigFile(file: string, inputs: Record<string, string> = {}): Promise<LoadedConfig> {
  const text = await readText(file)
  if (text === undefined) throw usageError(`config file not found: ${file}`)
  let parsed
  try {
    parsed = parseMcpConfigFile(text)
  } catch (error) {
    if (error instanceof McpConfigError) throw usageError(`invalid config ${file}:\n${error.message}`)
    throw error
  }
  const declared = parsed.inputs.map((input) => input.id)
  for (const id of Object.keys(inputs)) {
    if (!declared.includes(id)) {
      throw usageError(`--input ${id}: no server in ${file} uses \${input:${id}}` + (declared.length ? ` (its inputs: ${declared.join(', ')})` : ''))
    }
  }
  const values = Object.fromEntries(parsed.inputs.flatMap((input) => {
    const value = inputs[input.id] ?? input.default
    return value === undefined ? [] : [[input.id, value]]
  }))
  return {
    servers: applyConfigInputs(parsed.servers, values),
    source: file,
    missingInputs: parsed.inputs.filter((input) => !Object.hasOwn(values, input.id)),
    isApproved: () => true
  }
}

/**
 * The app's saved servers: main's ServerRegistry, read (and, when damaged, set aside) exactly as
 * the app does. Only what the user approved in the app (or imported here) may run.
 */
export async function loadSavedServers(userDataDir: string): Promise<LoadedConfig> {
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const { servers, notice } = registry.snapshot()
  if (notice) await err(registryNoticeLine(notice))
  return { servers, source: registry.file, isApproved: (id) => registry.isApproved(id), registry }
}

/** A server the command may run: found, its inputs filled in, and approved. */
export function findServer(config: LoadedConfig, nameOrId: string): McpServer {
  const server = lookupServer(config, nameOrId)
  const missing = config.missingInputs?.filter((input) => input.servers.includes(server.name)) ?? []
  if (missing.length) {
    const asked = missing.map((input) => `--input ${input.id}=VALUE` + (input.description ? ` (${input.description})` : '')).join(', ')
    throw usageError(`server "${server.name}" in ${config.source} needs ${missing.length > 1 ? 'values' : 'a value'} from its file's inputs: pass ${asked}`)
  }
  if (!config.isApproved(server.id)) {
    throw usageError(
      `server "${server.name}" has not been approved to run what it runs now:\n  ${approvalTarget(server).replace(/\n/g, '\n  ')}\n` +
        `approve it with "cli approve ${server.name}" or start it in MCP Studio`
    )
  }
  return server
}

/** A server of the list by name (or id), or a usage error listing the names there are. */
export function lookupServer(config: LoadedConfig, nameOrId: string): McpServer {
  const server = config.servers.find((s) => s.name === nameOrId) ?? config.servers.find((s) => s.id === nameOrId)
  if (server) return server
  const known = config.servers.map((s) => s.name)
  throw usageError(
    `no server named "${nameOrId}" in ${config.source}` + (known.length ? ` (servers: ${known.join(', ')})` : ' (it has no servers)')
  )
}

/** The registry's notice as one line on stderr. */
function registryNoticeLine(notice: RegistryNotice): string {
  switch (notice.code) {
    case 'REGISTRY_DAMAGED':
      return `warning: the saved servers could not be read (${notice.detail}); the file was kept as ${notice.keptAs}`
    case 'REGISTRY_UNREADABLE':
      return `warning: the saved servers cannot be read: ${notice.keptAs} ${notice.detail}`
    case 'REGISTRY_PERMISSIONS_FIXED':
      return `notice: ${notice.keptAs}: ${notice.detail}`
  }
}
