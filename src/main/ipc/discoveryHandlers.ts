import { listingOf } from '@shared/discovery/listing'
import type { Platform } from '../platform/Platform'
import { addFromRegistry } from '../services/discovery/addFromRegistry'
import { DiscoveryError } from '../services/discovery/discoveryError'
import type { McpRegistryClient } from '../services/discovery/McpRegistryClient'
import type { RegistrySources } from '../services/discovery/registrySources'
import { searchPage } from '../services/discovery/searchRegistry'
import { stageRegistryBundle } from '../services/discovery/stageRegistryBundle'
import type { ExtensionInstaller } from '../services/extensions/ExtensionInstaller'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

/** The Browse the MCP Registry page: search, review, add (switched on, approved in the approval dialog). */
export function discoveryHandlers(deps: {
  client: McpRegistryClient
  sources: RegistrySources
  registry: ServerRegistry
  installer: ExtensionInstaller
  platform: Pick<Platform, 'fetch' | 'emit'>
}): NamespaceHandlers<'discovery'> {
  const { client, sources, registry, installer, platform } = deps
  // bundle downloads running, by the window's id, so Cancel can stop one
  const downloads = new Map<string, AbortController>()
  return {
    'discovery:registries': () => sources.list(),
    'discovery:set-registries': ({ urls }) => sources.save(urls),
    'discovery:search': ({ registryUrl, search, cursor, limit }) => searchPage(client, registryUrl, { search, cursor, limit: limit ?? 30 }),
    'discovery:get': async ({ registryUrl, name, version }) => listingOf((await client.entry(registryUrl, name, version)).server),
    // the window shows the command and asks for approval before it starts, as for an import
    'discovery:add': async ({ registryUrl, name, version, values }) => (await addFromRegistry({ client, registry }, { registryUrl, name, version, values, approve: false })).server,
    'discovery:stage-bundle': async ({ registryUrl, name, version, downloadId }) => {
      const controller = new AbortController()
      downloads.get(downloadId)?.abort()
      downloads.set(downloadId, controller)
      try {
        const { preview } = await stageRegistryBundle(
          { client, installer, fetch: platform.fetch },
          { registryUrl, name, version, signal: controller.signal, onProgress: (progress) => platform.emit('discovery:bundle-progress', { downloadId, ...progress }) }
        )
        // cancelled while it was being extracted: nothing stays staged
        if (controller.signal.aborted) {
          await installer.discard(preview.stageId)
          throw new DiscoveryError('BUNDLE_DOWNLOAD_CANCELLED', `${name}: the download was cancelled; nothing was installed`)
        }
        return preview
      } finally {
        if (downloads.get(downloadId) === controller) downloads.delete(downloadId)
      }
    },
    'discovery:cancel-bundle': ({ downloadId }) => {
      downloads.get(downloadId)?.abort()
      downloads.delete(downloadId)
    }
  }
}
