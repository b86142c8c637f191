import type { MigrationManifest, PersistedState } from 'redux-persist'
import { McpServerSchema, type McpServer } from '@shared/mcp/server'
import { defaultSettings, LANGUAGES, THEME_MODES, type SettingsState } from './settings'

/** Bump with every change of the persisted shape, and add the step below. */
export const PERSIST_VERSION = 2

/** Type names other hosts (and our pre-release builds) wrote for the same transports (SPEC T5). */
const TYPE_ALIASES: Record<string, McpServer['type']> = {
  stdio: 'stdio',
  sse: 'sse',
  streamableHttp: 'streamableHttp',
  'streamable-http': 'streamableHttp',
  streamable_http: 'streamableHttp',
  http: 'streamableHttp',
  inMemory: 'inMemory'
}

type Loose = Record<string, unknown>
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v)

/** One stored v0 server → a valid McpServer, or null when it lacks what a server needs (id, name). */
function upgradeServer(raw: unknown): McpServer | null {
  if (!isObject(raw)) return null
  const { url, type, ...rest } = raw
  const candidate: Loose = { ...rest }
  if (candidate.baseUrl === undefined && typeof url === 'string') candidate.baseUrl = url
  if (typeof type === 'string' && TYPE_ALIASES[type]) candidate.type = TYPE_ALIASES[type]
  const parsed = McpServerSchema.safeParse(candidate)
  return parsed.success ? parsed.data : null
}

function upgradeSettings(raw: unknown): SettingsState {
  const defaults = defaultSettings()
  if (!isObject(raw)) return defaults
  return {
    language: LANGUAGES.includes(raw.language as never) ? (raw.language as SettingsState['language']) : defaults.language,
    theme: THEME_MODES.includes(raw.theme as never) ? (raw.theme as SettingsState['theme']) : defaults.theme
  }
}

/**
 * v0 is what was saved before the state had a version: servers as loose objects (`url` for
 * `baseUrl`, type aliases, no `isActive`), settings possibly absent. v1 holds only servers that
 * pass McpServerSchema, so the rest of the app can trust the store.
 */
function toV1(state: PersistedState): PersistedState {
  if (!state) return state
  const loose = state as unknown as Loose
  const mcp = isObject(loose.mcp) ? loose.mcp : {}
  const rawServers = Array.isArray(mcp.servers) ? mcp.servers : []
  const servers = rawServers.map(upgradeServer).filter((s): s is McpServer => s !== null)
  return { ...state, mcp: { servers }, settings: upgradeSettings(loose.settings) } as PersistedState
}

/** v2 adds the command lines the user approved before a first start (SPEC §S); none yet. */
function toV2(state: PersistedState): PersistedState {
  if (!state) return state
  const loose = state as unknown as Loose
  const mcp = isObject(loose.mcp) ? loose.mcp : { servers: [] }
  const approved = isObject(mcp.approvedTargets) ? mcp.approvedTargets : {}
  const approvedTargets = Object.fromEntries(Object.entries(approved).filter(([, v]) => typeof v === 'string'))
  return { ...state, mcp: { ...mcp, approvedTargets } } as PersistedState
}

export const migrations: MigrationManifest = {
  1: toV1,
  2: toV2
}
