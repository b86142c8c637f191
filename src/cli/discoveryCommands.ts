import type { DiscoveryListing } from '@shared/discovery/listing'
import { bundleOf } from '@shared/discovery/installPlan'
import { addFromRegistry, toServer } from '../main/services/discovery/addFromRegistry'
import { DiscoveryError } from '../main/services/discovery/discoveryError'
import { McpRegistryClient } from '../main/services/discovery/McpRegistryClient'
import { RegistrySources } from '../main/services/discovery/registrySources'
import { searchAll } from '../main/services/discovery/searchRegistry'
import type { ServerRegistry } from '../main/services/servers/ServerRegistry'
import { FileStorage } from '../main/services/storage/FileStorage'
import type { DiscoveryCommand } from './discoveryArgs'
import { CliError, ExitCode, usageError } from './errors'
import { out, outJson } from './output'
import { addBundle } from './registryBundle'

/** --registry, else MCP_REGISTRY_URL, else the first registry saved in the app; none is bad usage */
async function registryUrlOf(command: DiscoveryCommand, userDataDir: string): Promise<string> {
  if (command.registryUrl) return command.registryUrl
  const [first] = await new RegistrySources(new FileStorage(userDataDir)).list()
  if (first) return first.url
  throw usageError('no MCP Registry is set: pass --registry URL, set MCP_REGISTRY_URL, or add one in the app (Add server → Browse the MCP Registry)')
}

/** a hostile entry's text shown as escapes: direction overrides would reorder the terminal's line */
const plain = (text: string) => text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

function listingLine(item: DiscoveryListing): string {
  if (!item.ok) return plain(`${item.name}\t${item.version ?? ''}\tREFUSED\t${item.problem}`)
  const { plan } = item
  return plain(`${plan.name}\t${plan.version}\t${plan.runs}: ${plan.target}\t${(plan.description ?? '').replace(/\s+/g, ' ')}`)
}

function listingJson(item: DiscoveryListing): unknown {
  if (!item.ok) return { name: item.name, version: item.version, refused: item.problem }
  const { plan } = item
  return { name: plan.name, title: plan.title, version: plan.version, description: plan.description, namespace: plan.namespace, repositoryUrl: plan.repositoryUrl, runs: plan.runs, target: plan.target, inputs: plan.inputs }
}

/** `registry search` and `registry add`: an MCP Registry's servers, added to the app's list */
export async function runDiscoveryCommand(command: DiscoveryCommand, deps: { registry?: ServerRegistry; inputs: Record<string, string>; userDataDir: string }): Promise<number> {
  // the Node platform's fetch is the global one
  const client = new McpRegistryClient({ fetch })
  const registryUrl = await registryUrlOf(command, deps.userDataDir)
  try {
    if (command.action === 'search') {
      const result = await searchAll(client, registryUrl, command.term, command.limit)
      if (command.json) await outJson({ registry: registryUrl, servers: result.items.map(listingJson), ...(result.nextCursor ? { more: true } : {}) })
      else if (!result.items.length) await out(`no servers matching "${command.term}" in ${registryUrl}`)
      else await out(result.items.map(listingLine).join('\n') + (result.nextCursor ? `\n… more: raise --limit (now ${command.limit})` : ''))
      return ExitCode.Ok
    }
    if (!deps.registry) throw usageError('"registry add" changes MCP Studio\'s saved servers and takes no --config')
    const listing = await client.entry(registryUrl, command.server, command.version)
    if (toServer(() => bundleOf(listing.server), command.server)) {
      return await addBundle({ client, registry: deps.registry, userDataDir: deps.userDataDir, inputs: deps.inputs }, registryUrl, command)
    }
    const { server, plan, target } = await addFromRegistry({ client, registry: deps.registry }, { registryUrl, name: command.server, version: command.version, values: deps.inputs, approve: true })
    await deps.registry.flush()
    if (command.json) await outJson({ added: server.name, version: plan.version, runs: plan.runs, target, approved: true })
    else await out(`added ${server.name} ${plan.version} (approved):\n  ${target}`)
    return ExitCode.Ok
  } catch (error) {
    if (error instanceof DiscoveryError && error.code === 'MISSING_INPUT') {
      throw usageError(`${error.message}; pass ${error.keys.map((key) => `--input ${key}=VALUE`).join(' ')}`)
    }
    if (error instanceof DiscoveryError) throw new CliError(error.message, error.code === 'MCP_REGISTRY_UNSET' ? ExitCode.Usage : ExitCode.Failure)
    throw error
  }
}
