import { VERSIONED_MANIFEST_SCHEMAS } from '@anthropic-ai/mcpb/schemas'
import { ExtensionError } from './extensionError'

/**
 * manifest.json checked against the official MCPB schema of the version it declares
 * (`manifest_version`, or `dxt_version` in older files). Strict: an unknown field is an error,
 * as in Claude Desktop, so an extension either installs everywhere or nowhere.
 */

type Versions = typeof VERSIONED_MANIFEST_SCHEMAS
export type ManifestVersion = keyof Versions
export type Manifest = ReturnType<Versions[ManifestVersion]['parse']>
export type UserConfigOption = NonNullable<Manifest['user_config']>[string]
export type UserConfigValue = string | number | boolean | string[]
export type UserConfigValues = Record<string, UserConfigValue>

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function versionOf(raw: Record<string, unknown>): string {
  const declared = raw.manifest_version ?? raw.dxt_version
  if (typeof declared !== 'string') throw new ExtensionError('BAD_MANIFEST', 'manifest.json: manifest_version (or the older dxt_version) is missing')
  return declared
}

const pathText = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : '(top level)')

/** Parses and validates manifest.json's text; the first schema error is reported with its path. */
export function parseManifest(text: string): Manifest {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new ExtensionError('BAD_MANIFEST', `manifest.json is not valid JSON: ${(error as Error).message}`)
  }
  if (!isObject(raw)) throw new ExtensionError('BAD_MANIFEST', 'manifest.json must hold a JSON object')
  const version = versionOf(raw)
  const schema = (VERSIONED_MANIFEST_SCHEMAS as Record<string, Versions[ManifestVersion]>)[version]
  if (!schema) {
    const known = Object.keys(VERSIONED_MANIFEST_SCHEMAS).join(', ')
    throw new ExtensionError('BAD_MANIFEST', `manifest.json: manifest version "${version}" is not supported (known: ${known})`)
  }
  const result = schema.safeParse(raw)
  if (!result.success) {
    const first = result.error.issues[0]
    throw new ExtensionError('BAD_MANIFEST', `manifest.json: ${pathText(first.path)}: ${first.message}`)
  }
  return result.data as Manifest
}

/** The folder name for an extension: its manifest name, reduced to safe characters. */
export function sanitizeName(name: string): string {
  const safe = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 100)
  if (!safe) throw new ExtensionError('BAD_MANIFEST', `manifest.json: name "${name}" has no usable characters for a folder name`)
  return safe
}
