import { describe, expect, it } from 'vitest'
import { redactSensitive, redactText } from '@shared/mcp/redact'

// A message body can hold a megabyte string (a base64 image, a whole file): it is redacted only as
// far as it is shown, and never leaves a secret half-visible at the cut
describe('redacting long strings', () => {
  it('a secret straddling the cut is hidden whole, and the count says how much more there was', () => {
    const secret = 'sk-straddle-0123456789'
    const text = `${'a'.repeat(290)}${secret}${'b'.repeat(1_000_000)}`
    const out = redactSensitive({ text }, { secrets: [secret] }).text
    expect(out.startsWith(`${'a'.repeat(290)}<redacted>`.slice(0, 300))).toBe(true)
    expect(out).not.toContain('sk-strad')
    expect(out).toMatch(/…<\d+ more>$/)
    // as many as a redaction of the whole string would have said: the megabyte of b
    expect(Number(/<(\d+) more>$/.exec(out)?.[1])).toBe(1_000_000)
  })

  it('a pattern near the cut (a bearer token) is still hidden', () => {
    const out = redactSensitive({ text: `${'x '.repeat(130)}Authorization: Bearer abcdefghijklmnop${'y'.repeat(5000)}` }).text
    expect(out).toContain('<redacted>')
    expect(out).not.toContain('abcdefgh')
  })

  it('text with none of the words the patterns need comes back as it was; known values still go', () => {
    expect(redactText('Echo: hello 12')).toBe('Echo: hello 12')
    expect(redactText('value s3cr3t-value here', { secrets: ['s3cr3t-value', 's3cr3t'] })).toBe('value <redacted> here')
    expect(redactText('token=abc123 and more')).toBe('token=<redacted> and more')
  })

  it('maxDepth lets a deep JSON schema through where the default stops', () => {
    let deep: Record<string, unknown> = { leaf: 'here' }
    for (let i = 0; i < 20; i++) deep = { properties: deep }
    expect(JSON.stringify(redactSensitive(deep))).toContain('[Too deep]')
    expect(JSON.stringify(redactSensitive(deep, { maxDepth: 48 }))).toContain('"leaf":"here"')
  })
})
