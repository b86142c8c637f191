import { describe, expect, it } from 'vitest'
import { assertSafeExternalUrl, isLoopbackHost } from '../../../src/main/security/externalUrl'

describe('assertSafeExternalUrl', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'smb://host/share', 'chrome://settings'])(
    'refuses %s',
    (url) => expect(() => assertSafeExternalUrl(url)).toThrow(/only http and https/)
  )

  it('refuses junk and URLs with credentials', () => {
    expect(() => assertSafeExternalUrl('::::')).toThrow(/not a valid URL/)
    expect(() => assertSafeExternalUrl('https://user:pw@example.com/')).toThrow(/user name or password/)
  })

  it('accepts http(s), and plain http only for loopback when asked (OAuth)', () => {
    expect(assertSafeExternalUrl('https://example.com/a?b=1').href).toBe('https://example.com/a?b=1')
    expect(assertSafeExternalUrl('http://example.com/').href).toBe('http://example.com/')
    expect(() => assertSafeExternalUrl('http://example.com/', { allowPlainHttp: false })).toThrow(/plain http/)
    expect(assertSafeExternalUrl('http://127.0.0.1:12346/cb', { allowPlainHttp: false }).port).toBe('12346')
    expect(isLoopbackHost('127.1.2.3')).toBe(true)
    expect(isLoopbackHost('127.example.com')).toBe(false)
  })
})
