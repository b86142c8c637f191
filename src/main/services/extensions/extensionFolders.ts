import { rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { sanitizeName } from './manifest'

/** Where installed extensions live: `{userData}/mcp/extensions/{sanitized manifest name}`. */
export function extensionsRoot(userDataDir: string): string {
  return join(userDataDir, 'mcp', 'extensions')
}

export function extensionFolder(userDataDir: string, manifestName: string): string {
  return join(extensionsRoot(userDataDir), sanitizeName(manifestName))
}

/**
 * The installed folder a server's `dxtPath` names, only when it is one of ours: a direct child of
 * the extensions folder. A hand-edited dxtPath elsewhere is never deleted.
 */
export function ownedFolder(userDataDir: string, dxtPath: string | undefined): string | undefined {
  if (!dxtPath) return undefined
  const folder = resolve(dxtPath)
  const name = basename(folder)
  if (dirname(folder) !== resolve(extensionsRoot(userDataDir)) || !name || name.startsWith('.')) return undefined
  return folder
}

/** Removes an installed extension's folder (uninstall); true when there was one of ours to remove. */
export async function removeExtensionFolder(userDataDir: string, dxtPath: string | undefined): Promise<boolean> {
  const folder = ownedFolder(userDataDir, dxtPath)
  if (!folder) return false
  await rm(folder, { recursive: true, force: true })
  return true
}
