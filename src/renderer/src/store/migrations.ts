import type { MigrationManifest, PersistedState } from 'redux-persist'
import { defaultSettings, LANGUAGES, THEME_MODES, type SettingsState } from './settings'

/** Bump with every change of the persisted shape, and add the step below. */
export const PERSIST_VERSION = 3

type Loose = Record<string, unknown>
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v)

function upgradeSettings(raw: unknown): SettingsState {
  const defaults = defaultSettings()
  if (!isObject(raw)) return defaults
  return {
    language: LANGUAGES.includes(raw.language as never) ? (raw.language as SettingsState['language']) : defaults.language,
    theme: THEME_MODES.includes(raw.theme as never) ? (raw.theme as SettingsState['theme']) : defaults.theme
  }
}

/** v1: settings as saved before the state had a version may be absent or hold unknown values. */
function toV1(state: PersistedState): PersistedState {
  if (!state) return state
  return { ...state, settings: upgradeSettings((state as unknown as Loose).settings) } as PersistedState
}

/**
 * v3: the servers and their approvals moved to main's registry, which imported them from this
 * very state once (v2 held them here); the renderer keeps only its own settings.
 */
function toV3(state: PersistedState): PersistedState {
  if (!state) return state
  const { mcp: _moved, ...rest } = state as unknown as Loose
  return rest as PersistedState
}

export const migrations: MigrationManifest = {
  1: toV1,
  // v2 added the approvals, which v3 moves to main
  2: (state) => state,
  3: toV3
}
