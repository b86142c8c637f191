import { z } from 'zod'
import type { Language } from '@renderer/store/settings'

let current: Language | undefined

/**
 * zod's own messages ("expected array, received number") in the UI language, so a config error
 * reads in Chinese too. zod's config is global to this window, which has one language at a time.
 */
export function setZodLanguage(language: Language): void {
  if (current === language) return
  current = language
  z.config(language === 'zh-CN' ? z.locales.zhCN() : z.locales.en())
}
