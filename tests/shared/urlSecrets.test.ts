import { describe, expect, it } from 'vitest'
import { redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import { redactUrl, urlQuerySecrets } from '@shared/mcp/urlSecrets'

describe('secret-looking URL query values', () => {
  it('are hidden by name, the rest of the URL as written', () => {
    expect(redactUrl('https://h.test/mcp?api_key=sk-1234567&region=eu#top')).toBe('https://h.test/mcp?api_key=<redacted>&region=eu#top')
    for (const name of ['key', 'token', 'access_token', 'secret', 'password', 'auth', 'sig', 'signature', 'apiKey', 'X-Api-Key', 'client_secret', 'session']) {
      expect(redactUrl(`https://h.test/?${name}=abc%2Fdef&page=2`), name).toBe(`https://h.test/?${name}=<redacted>&page=2`)
    }
    for (const url of ['https://h.test/mcp', 'https://h.test/?page=2&sort=asc', 'https://h.test/?flag&key=', 'https://h.test/#key=abc']) expect(redactUrl(url)).toBe(url)
    // a placeholder is shown, as in env: its value comes at start
    expect(redactUrl('https://h.test/?token=${env:TOKEN}')).toBe('https://h.test/?token=${env:TOKEN}')
  })

  it('are known secrets of the server, as written and decoded, so logs and errors lose them', () => {
    expect(urlQuerySecrets('https://h.test/?token=a%2Bb%2Fc-12345')).toEqual(['a%2Bb%2Fc-12345', 'a+b/c-12345'])
    const secrets = serverSecretValues({ baseUrl: 'https://h.test/mcp?api_key=sk-query-99999' })
    expect(redactText('fetch https://h.test/mcp?api_key=sk-query-99999 failed; sk-query-99999 echoed', { secrets })).not.toContain('sk-query-99999')
  })
})
