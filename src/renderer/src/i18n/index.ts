import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@renderer/store/settings'
import enUS from './locales/en-US'
import zhCN from './locales/zh-CN'
import { showBidiControls } from '@shared/mcp/bidiControls'

export const resources = {
  'en-US': { translation: enUS },
  'zh-CN': { translation: zhCN }
} as const

/**
 * Language names are shown in their own language (an endonym), whatever the UI language is, so a
 * user who cannot read the current one still finds theirs. That is why they are not translated.
 */
export const LANGUAGE_LABELS: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文'
}

/**
 * One i18next instance per window root (not the global singleton), so tests and windows never
 * share a language by accident. Resources are bundled, so init is synchronous.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en-US',
    supportedLngs: Object.keys(resources),
    initAsync: false,
    // React already escapes HTML; what is put into a sentence (a server's or tool's name, a
    // message) has its bidirectional controls (U+202E …) shown instead, so it cannot read as another
    interpolation: { escapeValue: true, escape: (value: string) => showBidiControls(value) },
    returnNull: false
  })
  return instance
}
