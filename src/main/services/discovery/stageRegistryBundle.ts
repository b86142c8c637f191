import { basename } from 'node:path'
import { bundleOf, type RegistryBundle } from '@shared/discovery/installPlan'
import type { ExtensionPreview } from '@shared/mcp/extensions'
import type { ExtensionInstaller } from '../extensions/ExtensionInstaller'
import { downloadBundle, type BundleProgress } from './bundleDownload'
import { DiscoveryError } from './discoveryError'
import type { McpRegistryClient } from './McpRegistryClient'
import { toServer } from './addFromRegistry'

export interface BundleRequest {
  registryUrl: string
  name: string
  version?: string
  signal?: AbortSignal
  onProgress?(progress: BundleProgress): void
}

/**
 * A registry entry that ships a desktop extension bundle (.mcpb), staged like a file the user
 * opened: downloaded over https, its SHA-256 checked against the entry's, then extracted and
 * checked by the extension installer. The preview it answers is installed (or discarded) through
 * the installer as any extension's is; nothing is installed here.
 */
export async function stageRegistryBundle(deps: { client: McpRegistryClient; installer: ExtensionInstaller; fetch: typeof fetch }, request: BundleRequest): Promise<{ preview: ExtensionPreview; version: string }> {
  const entry = await deps.client.entry(request.registryUrl, request.name, request.version)
  const bundle = toServer(() => bundleOf(entry.server), request.name)
  if (!bundle) throw new DiscoveryError('BAD_REGISTRY_ENTRY', `${request.name} is not a desktop extension bundle: add it as a server instead`)
  const data = await downloadBundle(deps.fetch, bundle, { name: request.name, signal: request.signal, onProgress: request.onProgress })
  const preview = await deps.installer.stage(bundleFileName(bundle), data)
  return { preview, version: entry.server.version }
}

/** the installer takes .mcpb, .dxt and .zip names; an address without one is a .mcpb all the same */
function bundleFileName(bundle: RegistryBundle): string {
  const last = basename(new URL(bundle.url).pathname)
  return /\.(mcpb|dxt|zip)$/i.test(last) ? last : 'bundle.mcpb'
}
