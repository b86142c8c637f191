import { listingOf } from '@shared/discovery/listing'
import { addFromRegistry } from '../services/discovery/addFromRegistry'
import type { McpRegistryClient } from '../services/discovery/McpRegistryClient'
import type { RegistrySources } from '../services/discovery/registrySources'
import { searchPage } from '../services/discovery/searchRegistry'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

/** The Browse the MCP Registry page: search, review, add (switched on, approved in the approval dialog). */
export function discoveryHandlers(deps: { client: McpRegistryClient; sources: RegistrySources; registry: ServerRegistry }): NamespaceHandlers<'discovery'> {
  const { client, sources, registry } = deps
  return {
    'discovery:registries': () => sources.list(),
    'discovery:set-registries': ({ urls }) => sources.save(urls),
    'discovery:search': ({ registryUrl, search, cursor, limit }) => searchPage(client, registryUrl, { search, cursor, limit: limit ?? 30 }),
    'discovery:get': async ({ registryUrl, name, version }) => listingOf((await client.entry(registryUrl, name, version)).server),
    // the window shows the command and asks for approval before it starts, as for an import
    'discovery:add': async ({ registryUrl, name, version, values }) => (await addFromRegistry({ client, registry }, { registryUrl, name, version, values, approve: false })).server
  }
}
