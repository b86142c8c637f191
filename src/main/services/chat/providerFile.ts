import { join } from 'node:path'
import { z } from 'zod'
import { ModelRefSchema, ProviderKindSchema, type ModelRef, type ProviderKind } from '@shared/chat/providers'

/** `{userData}/chat/providers.json`: the saved model providers and the default model. */
export const providersPath = (userDataDir: string) => join(userDataDir, 'chat', 'providers.json')

const CURRENT_VERSION = 1

/** A key as written: `{$enc}` where the platform encrypts (Electron safeStorage), else plain in the 0600 file. */
const StoredKeySchema = z.union([z.string(), z.object({ $enc: z.string() })])
export type StoredKey = z.infer<typeof StoredKeySchema>

const StoredProviderSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  kind: ProviderKindSchema,
  baseUrl: z.string().min(1).max(2000),
  apiKey: StoredKeySchema.optional(),
  models: z.array(z.string().min(1).max(300)).max(500),
  defaultModel: z.string().min(1).max(300).optional()
})

const FileSchema = z.object({
  version: z.literal(CURRENT_VERSION),
  providers: z.array(StoredProviderSchema),
  defaultModel: ModelRefSchema.optional()
})

export interface StoredProvider {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  apiKey?: StoredKey
  models: string[]
  defaultModel?: string
}

export interface ProvidersFile {
  providers: StoredProvider[]
  defaultModel?: ModelRef
}

export type ParsedProvidersFile = { ok: true; content: ProvidersFile } | { ok: false; detail: string }

/** The file's text → its content, or what is wrong with it in a sentence (the whole file is then set aside). */
export function parseProvidersFile(text: string): ParsedProvidersFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, detail: `it is not valid JSON (${(error as Error).message})` }
  }
  const version = (json as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > CURRENT_VERSION) {
    return { ok: false, detail: `it was written by a newer MCP Studio (version ${version}; this one reads version ${CURRENT_VERSION})` }
  }
  const parsed = FileSchema.safeParse(json)
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
    return { ok: false, detail: `it does not hold valid providers (${issues.join('; ')})` }
  }
  const ids = parsed.data.providers.map((p) => p.id)
  const twice = ids.find((id, i) => ids.indexOf(id) !== i)
  if (twice) return { ok: false, detail: `the provider id "${twice}" appears twice` }
  return { ok: true, content: parsed.data }
}

export function serializeProvidersFile(content: ProvidersFile): string {
  return `${JSON.stringify({ version: CURRENT_VERSION, ...content }, null, 2)}\n`
}
