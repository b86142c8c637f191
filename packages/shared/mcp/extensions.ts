import { z } from 'zod'

/**
 * Desktop extensions (DXT / MCPB) as the window sees them: a staged archive's preview
 * before install, and the settings (user_config) an installed one takes.
 */

/** The file extensions a desktop extension comes in (MCPB, and DXT before it was renamed), without the dot. */
export const EXTENSION_FILE_EXTENSIONS = ['mcpb', 'dxt'] as const

/** A file the operating system opened the app with (a double-click), waiting in main until the window stages it. */
export interface OpenedExtensionFile {
  openedId: string
  fileName: string
}

/** Who signed the archive, as the mcpb package verifies it; `invalid` blocks the install unless confirmed. */
export type SignatureStatus = { status: 'signed'; signer: string } | { status: 'unsigned' } | { status: 'invalid'; reason: string }

/** One user_config field of a manifest, for the install form. */
export interface UserConfigField {
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file'
  title: string
  description?: string
  required?: boolean
  default?: string | number | boolean | string[]
  multiple?: boolean
  sensitive?: boolean
  min?: number
  max?: number
}

/** A value the user gives a user_config field; `multiple` directory and file fields take several. */
export const UserConfigValueSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(100_000)).max(1000)])
export type UserConfigValue = z.infer<typeof UserConfigValueSchema>
export const UserConfigValuesSchema = z.record(z.string().min(1).max(200), UserConfigValueSchema)
export type UserConfigValues = z.infer<typeof UserConfigValuesSchema>

/** What a sensitive value looks like when it comes back to the window; sent back unchanged, it keeps the stored value. */
export const MASKED_VALUE = '••••••••'

export interface ExtensionPreview {
  /** a staged archive, extracted and validated in a temp folder */
  stageId: string
  /** manifest.name (what uninstall and `dxt remove` use) */
  name: string
  /** display_name ?? name */
  displayName: string
  version: string
  author?: string
  description?: string
  /** from the manifest's icon, as a data: URL (size-capped) */
  iconDataUrl?: string
  tools: { name: string; description?: string }[]
  prompts: { name: string; description?: string }[]
  signature: SignatureStatus
  /** problems stop the install; notes do not (a range for Claude Desktop, a runtime used instead or missing) */
  compatibility: { ok: boolean; problems: string[]; notes: string[] }
  /** the full command line it will run, user_config values shown as ${user_config.KEY} */
  command: string
  /** the environment it gets: each value as the manifest writes it when it is made of placeholders only (${user_config.KEY}, ${__dirname}), else masked */
  env: { name: string; value: string; settings: string[] }[]
  userConfig: Record<string, UserConfigField>
  /** an installed version of the same extension */
  replaces?: { version: string }
}

/** What `extensions:user-config` answers: the fields and the stored values, sensitive ones masked. */
export interface ExtensionUserConfig {
  fields: Record<string, UserConfigField>
  values: UserConfigValues
}

/** A manifest env value made of placeholders and plain separators only: nothing of the author's to hide. */
const ONLY_PLACEHOLDERS = /^(?:\$\{[\w.]+\}|[\s/:;,=-])*$/

/** The env lines of an extension's preview: placeholders shown, any literal value masked, and which settings each one uses. */
export function previewEnv(env: Record<string, string>): ExtensionPreview['env'] {
  return Object.entries(env).map(([name, value]) => ({
    name,
    value: ONLY_PLACEHOLDERS.test(value) ? value : MASKED_VALUE,
    settings: [...value.matchAll(/\$\{user_config\.([\w-]+)\}/g)].map((match) => match[1])
  }))
}

/** How an extension's setting is named in a server's notSecret: `user_config.greeting`. */
export const USER_CONFIG_PREFIX = 'user_config.'
