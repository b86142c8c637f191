import { describe, expect, it } from 'vitest'
import enUS from '@renderer/i18n/locales/en-US'
import zhCN from '@renderer/i18n/locales/zh-CN'
import { ERROR_CODES } from '@shared/ipc/errors'
import { createI18n } from '@renderer/i18n'

/** Every leaf key of a nested resource object, as dotted paths. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

/** The {{placeholders}} of every string, so a translation cannot lose an interpolated value. */
function placeholders(value: unknown, prefix = ''): Record<string, string[]> {
  if (typeof value === 'string') return { [prefix]: [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort() }
  return Object.assign(
    {},
    ...Object.entries(value as object).map(([k, v]) => placeholders(v, prefix ? `${prefix}.${k}` : k))
  )
}

describe('locales', () => {
  it('en-US and zh-CN have exactly the same keys', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort())
  })

  it('have the same placeholders and no empty strings', () => {
    expect(placeholders(zhCN)).toEqual(placeholders(enUS))
    for (const locale of [enUS, zhCN]) {
      for (const key of keys(locale)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale)
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true)
      }
    }
  })

  it("has a sentence for every code main puts on an error, in both languages, and nothing else under errors", () => {
    for (const locale of [enUS, zhCN]) expect(Object.keys(locale.errors).sort()).toEqual([...ERROR_CODES].sort())
    expect(createI18n('zh-CN').t('errors.NEEDS_APPROVAL')).toContain('批准')
  })

  it('translates with the instance for each language', () => {
    expect(createI18n('en-US').t('nav.servers')).toBe('MCP Servers')
    expect(createI18n('zh-CN').t('nav.servers')).toBe('MCP 服务器')
    expect(createI18n('zh-CN').t('nav.traceOpenFailed', { message: 'x' })).toBe('无法打开追踪窗口：x')
  })
})
