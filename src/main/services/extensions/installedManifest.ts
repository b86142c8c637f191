import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { UserConfigField } from '@shared/mcp/extensions'
import type { AnyKindFields } from '@shared/mcp/server'
import { ExtensionError } from './extensionError'
import { parseManifest, type Manifest } from './manifest'
import { userConfigFields } from './userConfigFields'

/** The manifest of an installed extension's server (`dxtPath`), with its settings form. */
export async function readInstalledManifest(server: Pick<AnyKindFields, 'name' | 'dxtPath'>): Promise<{ manifest: Manifest; fields: Record<string, UserConfigField> }> {
  if (!server.dxtPath) throw new ExtensionError('EXTENSION_NOT_FOUND', `server "${server.name}" is not an installed extension`)
  let text: string
  try {
    text = await readFile(join(server.dxtPath, 'manifest.json'), 'utf8')
  } catch {
    throw new ExtensionError('EXTENSION_NOT_FOUND', `server "${server.name}": its extension folder ${server.dxtPath} has no manifest.json any more; install the extension again`)
  }
  const manifest = parseManifest(text)
  return { manifest, fields: userConfigFields(manifest) }
}
