import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REDACTED, looksSecretName, redactSensitive, redactText, truncate } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'

// every key redaction knows as secret, in the spellings servers and configs use
const SECRET_KEYS = [
  'authorization',
  'apiKey',
  'api_key',
  'apikey',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'password',
  'secret',
  'cookie',
  'x-api-key'
]
const caseVariants = (key: string) => [key, key.toUpperCase(), key.toLowerCase(), key[0].toUpperCase() + key.slice(1)]

describe('redactSensitive keys', () => {
  it.each(SECRET_KEYS)('%s is redacted in any case, at the top and nested in objects and arrays', (key) => {
    for (const variant of caseVariants(key)) {
      const input = {
        [variant]: 'top-secret-value',
        nested: { deeper: { [variant]: 'nested-secret-value' } },
        list: [{ [variant]: 'listed-secret-value' }, 'plain']
      }
      const out = redactSensitive(input)
      expect(out[variant]).toBe(REDACTED)
      expect(out.nested.deeper[variant]).toBe(REDACTED)
      expect((out.list[0] as Record<string, unknown>)[variant]).toBe(REDACTED)
      expect(out.list[1]).toBe('plain')
      expect(JSON.stringify(out)).not.toMatch(/secret-value/)
    }
  })

  it('a secret key hides any value, objects and numbers too', () => {
    expect(redactSensitive({ token: { a: 1 }, password: 12345, secret: ['x'] })).toEqual({
      token: REDACTED,
      password: REDACTED,
      secret: REDACTED
    })
  })

  it("a tool's input schema keeps its fields named like secrets readable; a value given for them is still hidden", () => {
    const tool = {
      name: 'login',
      inputSchema: {
        type: 'object',
        properties: { password: { type: 'string', description: 'your password' }, apiKey: { type: 'string' }, token: { type: 'string', default: 'tok-default-1' } },
        required: ['password']
      }
    }
    expect(redactSensitive(tool)).toEqual({
      name: 'login',
      inputSchema: {
        type: 'object',
        properties: { password: { type: 'string', description: 'your password' }, apiKey: { type: 'string' }, token: { type: 'string', default: 'tok-default-1' } },
        required: ['password']
      }
    })
    // the call's arguments are values: hidden as before
    expect(redactSensitive({ arguments: { password: 'hunter2', apiKey: 'sk-1' } })).toEqual({ arguments: { password: REDACTED, apiKey: REDACTED } })
    // a "properties" that holds values, not schemas, is not taken for a schema
    expect(redactSensitive({ properties: { password: 'hunter2' } })).toEqual({ properties: { password: REDACTED } })
  })

  it.each([
    'OPENAI_API_KEY',
    'STRIPE_KEY',
    'GITHUB_TOKEN',
    'SLACK_BOT_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
    'CLIENT_SECRET_VALUE',
    'PASSWORD',
    'DB_PASSWORD',
    'PASSWORD_FILE_CONTENT',
    'GITHUB_PAT',
    'clientSecret',
    'openaiKey',
    'Proxy-Authorization'
  ])('env name %s looks secret and its value is hidden', (name) => {
    expect(looksSecretName(name)).toBe(true)
    expect(redactSensitive({ env: { [name]: 'some-value-123' } })).toEqual({ env: { [name]: REDACTED } })
  })

  it.each(['PATH', 'HOME', 'NODE_ENV', 'key', 'monkey', 'author', 'maxTokens'])('%s keeps a number value readable', (name) => {
    // non-secret names keep their strings; secret-looking ones (maxTokens) still show numbers
    expect(redactSensitive({ [name]: 100 })).toEqual({ [name]: 100 })
  })

  it.each(['PATH', 'HOME', 'NODE_ENV', 'key', 'monkey', 'author', 'LANG'])('%s is not secret', (name) => {
    expect(looksSecretName(name)).toBe(false)
    expect(redactSensitive({ [name]: '/usr/bin' })).toEqual({ [name]: '/usr/bin' })
  })
})

describe('redactText', () => {
  it('hides Authorization: Bearer/Basic in header strings, keeping the scheme', () => {
    expect(redactText('Authorization: Bearer sk-live-1234567890')).toBe(`Authorization: Bearer ${REDACTED}`)
    expect(redactText('authorization: basic dXNlcjpwYXNz')).toBe(`authorization: basic ${REDACTED}`)
    expect(redactText('AUTHORIZATION=raw-token-without-scheme')).toBe(`AUTHORIZATION=${REDACTED}`)
    expect(redactText('sent Token ghp1234abcd and Bearer plainletters')).toBe(`sent Token ${REDACTED} and Bearer ${REDACTED}`)
  })

  it('leaves "token" and "basic" as plain words alone: only a machine-made value after them is hidden', () => {
    expect(redactText('${env:API_TOKEN} (in env.API_TOKEN) is not set')).toBe('${env:API_TOKEN} (in env.API_TOKEN) is not set')
    expect(redactText('the access Token still holds; Basic auth is off')).toBe('the access Token still holds; Basic auth is off')
    expect(redactText('Token aGVsbG8gd29y')).toBe(`Token ${REDACTED}`)
  })

  it('hides secret-looking pairs in free text, JSON text and query strings', () => {
    const text = redactText('x-api-key: abc12345 and {"password": "hunter22"} at /cb?access_token=tok999&state=ok')
    expect(text).not.toMatch(/abc12345|hunter22|tok999/)
    expect(text).toContain('state=ok')
  })

  it('a dotted path whose last part is not secret is a field name: a schema error about it stays readable', () => {
    expect(redactText('manifest.json: user_config.api_key.description: Invalid input')).toBe('manifest.json: user_config.api_key.description: Invalid input')
    expect(redactText('config.api_key: sk12345678 and env.API_TOKEN=abc12345')).toBe(`config.api_key: ${REDACTED} and env.API_TOKEN=${REDACTED}`)
  })

  it('hides the value of a secret command-line flag, not the next flag', () => {
    expect(redactText('starting node server.js --api-key sk-abc123 --port 80')).toBe(`starting node server.js --api-key ${REDACTED} --port 80`)
    expect(redactText('run -token abc123 and --password hunter22')).toBe(`run -token ${REDACTED} and --password ${REDACTED}`)
    expect(redactText('x --token-file --verbose')).toBe('x --token-file --verbose')
  })

  it('hides a whole Cookie header and the password of a URL', () => {
    expect(redactText('Cookie: sid=abc123; theme=dark')).toBe(`Cookie: ${REDACTED}`)
    expect(redactText('connecting to https://user:p4ssw0rd@db.example/x')).toBe(`connecting to https://user:${REDACTED}@db.example/x`)
  })

  it('scrubs known secret values (env and headers) out of free text, longest first', () => {
    const secrets = serverSecretValues({ env: { API_KEY: 'sk-live-abcdef', PATH: '/usr/bin' }, headers: { Authorization: 'Bearer hdr-secret-999' }, notSecret: ['PATH'] })
    expect(secrets).toContain('sk-live-abcdef')
    expect(secrets).toContain('hdr-secret-999')
    expect(secrets).not.toContain('/usr/bin')
    const text = redactText('loaded sk-live-abcdef from env, sent hdr-secret-999, PATH=/usr/bin', { secrets })
    expect(text).toBe(`loaded ${REDACTED} from env, sent ${REDACTED}, PATH=/usr/bin`)
    // a secret that contains another is hidden whole, not half
    expect(redactText('k=xx-abcd-yy', { secrets: ['abcd', 'xx-abcd-yy'] })).toBe(`k=${REDACTED}`)
  })

  it('every env and header value of 8+ characters is a secret whatever its name, unless marked not secret', () => {
    const secrets = serverSecretValues({
      env: { DB_PASS: 'hunter2-db', SLACK_BOT: 'xoxb-1-2-3', OPENAI: 'sk-abcdefgh', SHORT: 'yes', LOG_LEVEL: 'verbose-all' },
      headers: { 'X-Signature': 'sig-0123456789' },
      notSecret: ['LOG_LEVEL']
    })
    expect(secrets).toEqual(expect.arrayContaining(['hunter2-db', 'xoxb-1-2-3', 'sk-abcdefgh', 'sig-0123456789']))
    // short values would erase ordinary words, and a value the user marked visible stays visible
    expect(secrets).not.toContain('yes')
    expect(secrets).not.toContain('verbose-all')
    // a short value under a secret-looking name still counts
    expect(serverSecretValues({ env: { API_TOKEN: 'ab12' } })).toContain('ab12')
  })

  it("an extension's settings are secrets unless its manifest did not call them sensitive (user_config.KEY in notSecret)", () => {
    const secrets = serverSecretValues({ userConfig: { greeting: 'Hi again friend', api_key: 'sk-extension-1234' }, notSecret: ['user_config.greeting'] })
    expect(secrets).toContain('sk-extension-1234')
    expect(secrets).not.toContain('Hi again friend')
  })

  it('each line of a multi-line secret is hidden on its own, as a server may print one line', () => {
    const pem = '-----BEGIN KEY-----\nMIIBOgIBAAJBAKj34GkxFhD9\n0Z2tCZpYw8Vx1n7Lq3Jc\n-----END KEY-----'
    const secrets = serverSecretValues({ env: { CERT: pem } })
    const leaked = `bad line: 0Z2tCZpYw8Vx1n7Lq3Jc and MIIBOgIBAAJBAKj34GkxFhD9`
    expect(redactText(leaked, { secrets })).toBe(`bad line: ${REDACTED} and ${REDACTED}`)
  })

  it('the values of secret-looking flags are secrets: --api-key V, --token V, --password=V; a file flag is not', () => {
    const secrets = serverSecretValues({ args: ['server.js', '--api-key', 'k-123456', '--token', 'tok-98765', '--password=pw-55555', '--token-file', '/run/tok', '--verbose'] })
    expect(secrets).toEqual(expect.arrayContaining(['k-123456', 'tok-98765', 'pw-55555']))
    expect(secrets).not.toContain('/run/tok')
    expect(secrets).not.toContain('--verbose')
  })

  it('secret values inside nested data strings are scrubbed too', () => {
    const out = redactSensitive({ args: ['--key', 'sk-live-abcdef'], note: { text: 'using sk-live-abcdef' } }, { secrets: ['sk-live-abcdef'] })
    expect(JSON.stringify(out)).not.toContain('sk-live-abcdef')
  })

  it('never lets a known secret through, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 4, maxLength: 40 }), fc.string(), (before, secret, after) => {
        expect(redactText(`${before}${secret}${after}`, { secrets: [secret] })).not.toContain(secret)
      })
    )
  })
})

describe('redactSensitive shapes', () => {
  it('truncates strings over 300 characters with …<N more>', () => {
    const out = redactSensitive({ text: 'a'.repeat(450), short: 'b'.repeat(300) })
    expect(out.text).toBe(`${'a'.repeat(300)}…<150 more>`)
    expect(out.short).toBe('b'.repeat(300))
    expect(truncate('x'.repeat(301))).toBe(`${'x'.repeat(300)}…<1 more>`)
  })

  it('serializes Errors as name, message and code, redacted, with the cause', () => {
    const error = Object.assign(new TypeError('failed with token=abc12345'), { code: 'E_AUTH', cause: new Error('password=pw123456') })
    const out = redactSensitive<unknown>({ error }) as { error: Record<string, unknown> }
    expect(out.error).toEqual({
      name: 'TypeError',
      message: `failed with token=${REDACTED}`,
      code: 'E_AUTH',
      cause: { name: 'Error', message: `password=${REDACTED}` }
    })
    expect(JSON.stringify(out)).not.toContain('stack')
  })

  it('is safe with cycles, and a shared object seen twice is not a cycle', () => {
    const shared = { v: 1 }
    const loop: Record<string, unknown> = { name: 'loop', shared, again: shared }
    loop.self = loop
    loop.list = [loop]
    const out = redactSensitive(loop) as Record<string, unknown>
    expect(out.self).toBe('[Circular]')
    expect(out.list).toEqual(['[Circular]'])
    expect(out.again).toEqual({ v: 1 })
    expect(() => structuredClone(out)).not.toThrow()
  })

  it('keeps numbers, booleans and null, turns bytes into a size, and leaves the input untouched', () => {
    const input = { n: 1, ok: true, none: null, bytes: new Uint8Array(2048), token: 'abc123456' }
    const out = redactSensitive(input)
    expect(out).toEqual({ n: 1, ok: true, none: null, bytes: '<2048 bytes>', token: REDACTED })
    expect(input.token).toBe('abc123456')
  })

  it('an invalid date (as a value or a map key) is written, not thrown on', () => {
    expect(redactSensitive({ at: new Date(NaN) })).toEqual({ at: 'Invalid Date' })
    expect(() => structuredClone(redactSensitive([new Map([[new Date(NaN), '']])]))).not.toThrow()
  })

  it('the output always survives a structured clone, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withDate: true, withTypedArray: true, withNullPrototype: true }), (value) => {
        expect(() => structuredClone(redactSensitive(value))).not.toThrow()
      })
    )
  })
})
