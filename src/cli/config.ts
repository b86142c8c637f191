import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { McpConfigError, parseMcpConfig } from '@shared/mcp/configImport'
import { McpServerSchema, type McpServer } from '@shared/mcp/server'
import { usageError } from './errors'

export interface LoadedConfig {
  servers: McpServer[]
  /** where the servers came from, for messages */
  source: string
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

/** `--config FILE`: the whole file is validated; one bad entry fails the run (exit 2) naming it. */
export async function loadConfigFile(file: string): Promise<LoadedConfig> {
  const text = await readText(file)
  if (text === undefined) throw usageError(`config file not found: ${file}`)
  try {
    return { servers: parseMcpConfig(text), source: file }
  } catch (error) {
    if (error instanceof McpConfigError) throw usageError(`invalid config ${file}:\n${error.message}`)
    throw error
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
  if (server) return server
  const known = config.servers.map((s) => s.name)
  throw usageError(
    `no server named "${nameOrId}" in ${config.source}` + (known.length ? ` (servers: ${known.join(', ')})` : ' (it has no servers)')
  )
}
