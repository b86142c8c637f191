import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { fromFlat } from '@shared/mcp/flatServer'
import { approvalTarget } from '@shared/mcp/launchSpec'
import type { McpServer } from '@shared/mcp/server'
import { isValid, readEntries, type Slot } from './serverEntries'
import { isObject, type Loose } from './loose'

/**
 * The one-time upgrade from the app that kept servers in the renderer: redux-persist's blob in
 * `{userDataDir}/storage/persist_root.json`, a JSON object whose values are JSON strings
 * (`{"mcp": "{\"servers\": [...], \"approvedTargets\": {...}}", "_persist": "..."}`).
 * The file is only read, never changed.
 */
export function legacyPath(userDataDir: string): string {
  return join(userDataDir, 'storage', 'persist_root.json')
}

export type LegacyImport =
  | { kind: 'none' }
  | { kind: 'damaged'; detail: string }
  | { kind: 'ok'; slots: Slot[]; approvals: Record<string, string> }

const McpSliceSchema = z.object({
  servers: z.array(z.unknown(), { error: '"mcp.servers" is not a list' }).default([]),
  // states saved before approvals existed have none; a bad one only asks again
  approvedTargets: z.record(z.string(), z.unknown()).catch({}).default({})
})

/** Type names other hosts and pre-release builds wrote (as the renderer's v0 → v1 migration maps them). */
const TYPE_ALIASES: Record<string, McpServer['type']> = {
  stdio: 'stdio',
  sse: 'sse',
  streamableHttp: 'streamableHttp',
  'streamable-http': 'streamableHttp',
  streamable_http: 'streamableHttp',
  http: 'streamableHttp',
  inMemory: 'inMemory'
}

/** A loose v0 server: `url` → `baseUrl`, type aliases → our names. Anything else is left to validation. */
function upgradeServer(raw: unknown): unknown {
  if (!isObject(raw)) return raw
  const { url, type, ...rest } = raw
  const candidate: Loose = { ...rest }
  if (candidate.baseUrl === undefined && typeof url === 'string') candidate.baseUrl = url
  if (typeof type === 'string') candidate.type = TYPE_ALIASES[type] ?? type
  else if (type !== undefined) candidate.type = type
  // the old app's servers are in the flat shape, as version 1 of our file is
  return fromFlat(candidate)
}

/** The old app's approval string: command line or URL, plus the cwd. */
function oldTarget(server: McpServer): string {
  if (server.type === 'inMemory') return ''
  if (server.type !== 'stdio') return server.baseUrl
  const target = server.command ? [server.command, ...(server.args ?? [])].join(' ') : ''
  return target + (server.cwd ? `\n(cwd: ${server.cwd})` : '')
}

/**
 * Only imported and deep-linked servers needed approval in the old app; what the user typed in
 * (manual, or no source) ran without asking, so it comes over approved.
 */
function wasApproved(server: McpServer, approvedTargets: Record<string, unknown>): boolean {
  if (server.installSource !== 'import' && server.installSource !== 'deeplink') return true
  return approvedTargets[server.id] === oldTarget(server)
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, detail: (error as Error).message }
  }
}

export async function readLegacyServers(userDataDir: string): Promise<LegacyImport> {
  let text: string
  try {
    text = await readFile(legacyPath(userDataDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' }
    return { kind: 'damaged', detail: `cannot read it (${(error as Error).message})` }
  }
  const root = parseJson(text)
  if (!root.ok) return { kind: 'damaged', detail: `not valid JSON (${root.detail})` }
  // the CLI accepts a doubly encoded blob too; so does this
  let outer = root.value
  if (typeof outer === 'string') {
    const inner = parseJson(outer)
    if (!inner.ok) return { kind: 'damaged', detail: `not valid JSON (${inner.detail})` }
    outer = inner.value
  }
  if (!isObject(outer)) return { kind: 'damaged', detail: 'not a JSON object' }
  let mcp = outer.mcp
  if (mcp === undefined) return { kind: 'none' }
  if (typeof mcp === 'string') {
    const parsed = parseJson(mcp)
    if (!parsed.ok) return { kind: 'damaged', detail: `"mcp" is not valid JSON (${parsed.detail})` }
    mcp = parsed.value
  }
  const slice = McpSliceSchema.safeParse(mcp)
  if (!slice.success) return { kind: 'damaged', detail: isObject(mcp) ? slice.error.issues[0].message : '"mcp" is not an object' }

  // invalid servers become broken entries: they are kept for the user to fix, never dropped
  const slots = readEntries(slice.data.servers.map(upgradeServer))
  const approvals: Record<string, string> = {}
  for (const slot of slots) {
    if (isValid(slot) && wasApproved(slot.server, slice.data.approvedTargets)) {
      approvals[slot.server.id] = approvalTarget(slot.server)
    }
  }
  return { kind: 'ok', slots, approvals }
}
