import { describe, expect, it } from 'vitest'
import { detectLanguage, setLanguage, setTheme, settingsReducer } from '@renderer/store/settings'

describe('settings slice', () => {
  it('picks Simplified Chinese for any Chinese locale and English otherwise', () => {
    expect(detectLanguage('zh-CN')).toBe('zh-CN')
    expect(detectLanguage('zh')).toBe('zh-CN')
    expect(detectLanguage('zh-TW')).toBe('zh-CN')
    expect(detectLanguage('ZH-hans')).toBe('zh-CN')
    expect(detectLanguage('en-GB')).toBe('en-US')
    expect(detectLanguage('de')).toBe('en-US')
    expect(detectLanguage(undefined)).toBe('en-US')
  })

  it('defaults to the browser language and the system theme', () => {
    // jsdom's navigator.language is en-US
    expect(settingsReducer(undefined, { type: '@@init' })).toEqual({ language: 'en-US', theme: 'system' })
  })

  it('sets the language and the theme', () => {
    let state = settingsReducer(undefined, setLanguage('zh-CN'))
    state = settingsReducer(state, setTheme('dark'))
    expect(state).toEqual({ language: 'zh-CN', theme: 'dark' })
  })
})
