import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { applyConfigInputs, McpConfigError, parseMcpConfigFile, type ConfigInput } from '@shared/mcp/configImport'
import { McpServerSchema, type McpServer } from '@shared/mcp/server'
import { usageError } from './errors'

export interface LoadedConfig {
  servers: McpServer[]
  /** where the servers came from, for messages */
  source: string
  /** inputs of the file that no --input filled and that have no default */
  missingInputs?: ConfigInput[]
}

/** The renderer's redux-persist blob, kept by main's FileStorage under the key `persist:root`. */
export function persistedServersFile(userDataDir: string): string {
  return join(userDataDir, 'storage', 'persist_root.json')
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw usageError(`cannot read ${file}: ${(error as Error).message}`)
  }
}

/**
 * `--config FILE`: the whole file is validated; one bad entry fails the run (exit 2) naming it.
 * `inputs` fill its `${input:ID}` placeholders; an input left out is asked for only by the
 * command that needs it (findServer).
 */
export async function loadConfigFile(file: string, inputs: Record<string, string> = {}): Promise<LoadedConfig> {
  const text = await readText(file)
  if (text === undefined) throw usageError(`config file not found: ${file}`)
  let parsed
  try {
    parsed = parseMcpConfigFile(text)
  } catch (error) {
    if (error instanceof McpConfigError) throw usageError(`invalid config ${file}:\n${error.message}`)
    throw error
  }
  const declared = parsed.inputs.map((input) => input.id)
  for (const id of Object.keys(inputs)) {
    if (!declared.includes(id)) {
      throw usageError(`--input ${id}: no server in ${file} uses \${input:${id}}` + (declared.length ? ` (its inputs: ${declared.join(', ')})` : ''))
    }
  }
  const values = Object.fromEntries(parsed.inputs.flatMap((input) => {
    const value = inputs[input.id] ?? input.default
    return value === undefined ? [] : [[input.id, value]]
  }))
  return {
    servers: applyConfigInputs(parsed.servers, values),
    source: file,
    missingInputs: parsed.inputs.filter((input) => !Object.hasOwn(values, input.id))
  }
}

const PersistedMcpSchema = z.object({ servers: z.array(z.unknown()).default([]) })

/**
 * The app's saved servers: redux-persist writes a JSON object whose slices are JSON strings
 * themselves (`{"mcp": "{\"servers\": [...]}", "_persist": "..."}`). No file: no servers.
 */
export async function loadSavedServers(userDataDir: string): Promise<LoadedConfig> {
  const file = persistedServersFile(userDataDir)
  const text = await readText(file)
  if (text === undefined) return { servers: [], source: file }
  const bad = (why: string) => usageError(`the saved servers in ${file} are unreadable: ${why}`)
  let root: unknown
  let mcp: unknown
  try {
    root = JSON.parse(text)
    if (typeof root === 'string') root = JSON.parse(root)
    mcp = (root as { mcp?: unknown } | null)?.mcp
    if (typeof mcp === 'string') mcp = JSON.parse(mcp)
  } catch (error) {
    throw bad((error as Error).message)
  }
  if (mcp === undefined) return { servers: [], source: file }
  const slice = PersistedMcpSchema.safeParse(mcp)
  if (!slice.success) throw bad('"mcp" has no server list')
  const servers: McpServer[] = []
  const problems: string[] = []
  slice.data.servers.forEach((raw, index) => {
    const parsed = McpServerSchema.safeParse(raw)
    const label = (raw as { name?: unknown } | null)?.name ?? `#${index + 1}`
    if (parsed.success) servers.push(parsed.data)
    else for (const issue of parsed.error.issues) problems.push(`server "${String(label)}", field "${issue.path.join('.')}": ${issue.message}`)
  })
  if (problems.length) throw bad(`\n${problems.join('\n')}`)
  return { servers, source: file }
}

export function findServer(config: LoadedConfig, nameOrId: string): McpServer {
  const server = config.servers.find((s) => s.name === nameOrId) ?? config.servers.find((s) => s.id === nameOrId)
  if (server) {
    const missing = config.missingInputs?.filter((input) => input.servers.includes(server.name)) ?? []
    if (missing.length) {
      const asked = missing.map((input) => `--input ${input.id}=VALUE` + (input.description ? ` (${input.description})` : '')).join(', ')
      throw usageError(`server "${server.name}" in ${config.source} needs ${missing.length > 1 ? 'values' : 'a value'} from its file's inputs: pass ${asked}`)
    }
    return server
  }
  const known = config.servers.map((s) => s.name)
  throw usageError(
    `no server named "${nameOrId}" in ${config.source}` + (known.length ? ` (servers: ${known.join(', ')})` : ' (it has no servers)')
  )
}
