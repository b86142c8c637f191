import { randomUUID } from 'node:crypto'
import { EntryProblem } from '@shared/discovery/entryChecks'
import { MissingInputs, planInstall, serverFromEntry, shownTarget, type InstallPlan } from '@shared/discovery/installPlan'
import type { McpServer } from '@shared/mcp/server'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { DiscoveryError } from './discoveryError'
import type { McpRegistryClient } from './McpRegistryClient'

export interface AddRequest {
  registryUrl: string
  name: string
  version?: string
  /** inputs by key: env vars, headers, arguments; secrets are sealed by the server list */
  values: Record<string, string>
  /** the CLI approves (the user ran it); a window leaves it for the approval dialog */
  approve: boolean
}

/** An entry becomes a server in the list, switched on; nothing is stored when any part is refused. */
export async function addFromRegistry(deps: { client: McpRegistryClient; registry: ServerRegistry }, request: AddRequest): Promise<{ server: McpServer; plan: InstallPlan; target: string }> {
  const entry = await deps.client.entry(request.registryUrl, request.name, request.version)
  const plan = toServer(() => planInstall(entry.server), request.name)
  const server = toServer(() => serverFromEntry(entry.server, request.values, randomUUID()), request.name)
  const [added] = await deps.registry.add([server], { approve: request.approve })
  // what runs, a secret argument's value shown by its name: it never reaches a message
  return { server: added, plan, target: shownTarget(entry.server, request.values) }
}

/** the shared conversion's refusals as errors with a code the window and the CLI know */
export function toServer<T>(convert: () => T, name: string): T {
  try {
    return convert()
  } catch (error) {
    if (error instanceof MissingInputs) // the names last: a redactor reads `KEY": text` as a secret pair
      throw new DiscoveryError('MISSING_INPUT', `nothing was added: ${name} ${error.message}`, error.keys)
    if (error instanceof EntryProblem) throw new DiscoveryError('BAD_REGISTRY_ENTRY', `${name} was refused: ${error.message}; nothing was added`)
    throw error
  }
}
