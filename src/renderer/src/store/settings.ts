import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export const LANGUAGES = ['en-US', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]

export const THEME_MODES = ['light', 'dark', 'system'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

export interface SettingsState {
  language: Language
  theme: ThemeMode
}

/** Any Chinese locale (zh, zh-CN, zh-TW, zh-Hans…) gets Simplified Chinese, the only Chinese we ship. */
export function detectLanguage(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US'
}

export function defaultSettings(): SettingsState {
  return {
    language: detectLanguage(typeof navigator === 'undefined' ? undefined : navigator.language),
    theme: 'system'
  }
}

const settingsSlice = createSlice({
  name: 'settings',
  // lazy, so navigator.language is read when a store is made, not when the module loads
  initialState: defaultSettings,
  reducers: {
    setLanguage(state, action: PayloadAction<Language>) {
      state.language = action.payload
    },
    setTheme(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload
    }
  }
})

export const { setLanguage, setTheme } = settingsSlice.actions
export const settingsReducer = settingsSlice.reducer

type WithSettings = { settings: SettingsState }

export const selectLanguage = (state: WithSettings) => state.settings.language
export const selectThemeMode = (state: WithSettings) => state.settings.theme
