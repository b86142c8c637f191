import { join } from 'node:path'
import { z } from 'zod'
import { fromFlat } from '@shared/mcp/flatServer'
import { isObject, type Loose } from './loose'

/**
 * The shape of `{userDataDir}/mcp/servers.json` and its versions. Entries stay `unknown` here:
 * each is validated on its own (serverEntries.ts), so one bad entry never costs the others.
 */
export const REGISTRY_VERSION = 2

/**
 * `{[fromVersion]: step}`: step N turns a version-N file into a version-(N+1) file.
 * 1 → 2: each server from the flat shape to the model's (a union by kind, `ui` and `tools` apart).
 * An entry that is not an object passes as it is: its validation reports it, by name when it has one.
 */
export const migrations: Record<number, (file: Loose) => Loose> = {
  1: (file) => ({ ...file, version: 2, servers: Array.isArray(file.servers) ? file.servers.map(fromFlat) : file.servers })
}

const RegistryFileSchema = z.object({
  version: z.literal(REGISTRY_VERSION),
  servers: z.array(z.unknown(), { error: '"servers" is not a list' }),
  // a lost approval only asks again, so bad approvals are dropped rather than failing the file
  approvals: z.record(z.string(), z.unknown()).catch({}).default({})
})

export interface RegistryContent {
  entries: unknown[]
  /** server id → the approved target string */
  approvals: Record<string, string>
}

/** `upgraded`: written by an earlier version, so it is to be written back in the current shape */
export type ParsedRegistry = { ok: true; content: RegistryContent; upgraded: boolean } | { ok: false; detail: string }

export function registryPath(userDataDir: string): string {
  return join(userDataDir, 'mcp', 'servers.json')
}

/** The file's text → its entries and approvals, or what makes the whole file unreadable. */
export function parseRegistryFile(text: string): ParsedRegistry {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, detail: `not valid JSON (${(error as Error).message})` }
  }
  if (!isObject(data)) return { ok: false, detail: 'not a JSON object' }
  const upgraded = upgrade(data)
  if (typeof upgraded === 'string') return { ok: false, detail: upgraded }
  const parsed = RegistryFileSchema.safeParse(upgraded)
  if (!parsed.success) return { ok: false, detail: parsed.error.issues[0]?.message ?? 'invalid file' }
  const approvals = Object.fromEntries(
    Object.entries(parsed.data.approvals).filter((pair): pair is [string, string] => typeof pair[1] === 'string')
  )
  return { ok: true, content: { entries: parsed.data.servers, approvals }, upgraded: data.version !== REGISTRY_VERSION }
}

/** Runs the migration steps up to the current version, or says why the version is unusable. */
function upgrade(data: Loose): Loose | string {
  let file = data
  const start = file.version
  if (start === undefined) return 'no "version" field'
  if (typeof start !== 'number' || !Number.isInteger(start)) return `unknown version ${JSON.stringify(start)}`
  if (start > REGISTRY_VERSION) return `written by a newer MCP Studio (file version ${start}, this one reads ${REGISTRY_VERSION})`
  for (let version = start; version < REGISTRY_VERSION; version++) {
    const step = migrations[version]
    if (!step) return `unknown version ${start}`
    file = step(file)
  }
  return file
}

export function serializeRegistryFile(content: RegistryContent): string {
  return JSON.stringify({ version: REGISTRY_VERSION, servers: content.entries, approvals: content.approvals }, null, 2) + '\n'
}
