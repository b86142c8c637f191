import { readFile, stat } from 'node:fs/promises'
import { extname } from 'node:path'
import type { SignatureStatus, UserConfigField } from '@shared/mcp/extensions'
import { compatibilityNotes, compatibilityProblems, type HostFacts } from './compatibility'
import { insideExtension } from './entryNames'
import { ExtensionError } from './extensionError'
import { parseManifest, type Manifest } from './manifest'
import type { McpCommand } from './resolveMcpConfig'
import { serverTemplate } from './serverTemplate'
import { userConfigFields } from './userConfigFields'

/** What an extracted extension is and would run, checked. */
export interface InspectedExtension {
  manifest: Manifest
  /** where it will be installed */
  folder: string
  /** what its server runs there, as stored and approved */
  template: McpCommand
  fields: Record<string, UserConfigField>
  iconDataUrl?: string
  compatibility: { ok: boolean; problems: string[]; notes: string[] }
  signature?: SignatureStatus
}

const MAX_MANIFEST_BYTES = 1024 * 1024
const MAX_ICON_BYTES = 256 * 1024
const ICON_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml' }

async function readManifest(content: string): Promise<Manifest> {
  const file = insideExtension(content, 'manifest.json', 'manifest.json')
  const info = await stat(file).catch(() => undefined)
  if (!info?.isFile()) throw new ExtensionError('BAD_MANIFEST', 'the archive has no manifest.json at its top level: it is not a desktop extension')
  if (info.size > MAX_MANIFEST_BYTES) throw new ExtensionError('BAD_MANIFEST', 'manifest.json is larger than 1 MB')
  return parseManifest(await readFile(file, 'utf8'))
}

/** The manifest's icon as a data: URL; a missing, odd or oversized icon is simply not shown. */
async function iconOf(content: string, manifest: Manifest): Promise<string | undefined> {
  if (!manifest.icon) return undefined
  const file = insideExtension(content, manifest.icon, 'icon')
  const type = ICON_TYPES[extname(file).toLowerCase()]
  const info = await stat(file).catch(() => undefined)
  if (!type || !info?.isFile() || info.size > MAX_ICON_BYTES) return undefined
  return `data:${type};base64,${(await readFile(file)).toString('base64')}`
}

/**
 * Reads and checks an extracted extension: its manifest against the official schema, the entry
 * point inside it and present, its command line free of `..` and of unknown variables, and
 * whether it can run on this computer (`facts`: this OS and the runtime that would run it).
 */
export async function inspectExtension(
  content: string,
  targetFolder: (manifestName: string) => string,
  facts: (manifest: Manifest, template: McpCommand, folder: string) => Promise<HostFacts>
): Promise<InspectedExtension> {
  const manifest = await readManifest(content)
  const folder = targetFolder(manifest.name)
  const entry = insideExtension(content, manifest.server.entry_point, 'server.entry_point')
  if (!(await stat(entry).catch(() => undefined))) {
    throw new ExtensionError('BAD_MANIFEST', `manifest.json: server.entry_point "${manifest.server.entry_point}" is not in the archive`)
  }
  const template = serverTemplate(manifest, folder)
  // the runtime is looked for in the extracted copy: the installed one is not there yet
  const host = await facts(manifest, serverTemplate(manifest, content), content)
  const problems = compatibilityProblems(manifest, host)
  return {
    manifest,
    folder,
    template,
    fields: userConfigFields(manifest),
    iconDataUrl: await iconOf(content, manifest),
    compatibility: { ok: problems.length === 0, problems, notes: compatibilityNotes(manifest, host) }
  }
}
