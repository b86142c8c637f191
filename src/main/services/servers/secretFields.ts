import { hasUrlSecrets, redactUrl } from '@shared/mcp/urlSecrets'
import { isObject, type Loose } from './loose'

/**
 * Env and header values are where API keys live (and a server's OAuth client secret, key and IdP
 * token, and an extension's user_config strings: which are sensitive is the manifest's business,
 * so all of them are sealed). On disk each one is `{"$enc": "<cipher>"}` when the
 * platform can encrypt (Electron safeStorage), else a plain string in a 0600 file. These helpers
 * work on loose entries too, so broken entries are sealed, opened and redacted the same way.
 */
export const SECRET_FIELDS = ['env', 'headers', 'userConfig'] as const

export const REDACTED = '<redacted>'

const isSealed = (value: unknown): value is { $enc: string } => isObject(value) && typeof value.$enc === 'string'

/** Copies `entry` with every value of its env/headers maps (and the like) passed through `change`. */
function mapSecrets(entry: unknown, change: (value: unknown, field: string) => unknown): unknown {
  if (!isObject(entry)) return entry
  const copy: Loose = { ...entry }
  for (const field of SECRET_FIELDS) {
    const values = copy[field]
    if (!isObject(values)) continue
    copy[field] = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, change(value, `${field}.${name}`)]))
  }
  // a URL with its key in the query (`?api_key=…`) is sealed whole: it is one string in the schema
  if (typeof copy.baseUrl === 'string' ? hasUrlSecrets(copy.baseUrl) : isSealed(copy.baseUrl)) copy.baseUrl = change(copy.baseUrl, 'baseUrl')
  // a pre-registered client's secret, a private key, an IdP token
  if (isObject(copy.oauth)) {
    const oauth: Loose = { ...copy.oauth }
    for (const key of OAUTH_SECRETS) if (oauth[key] !== undefined) oauth[key] = change(oauth[key], `oauth.${key}`)
    if (isObject(oauth.idp) && oauth.idp.idToken !== undefined) oauth.idp = { ...oauth.idp, idToken: change(oauth.idp.idToken, 'oauth.idp.idToken') }
    copy.oauth = oauth
  }
  return copy
}

const OAUTH_SECRETS = ['clientSecret', 'privateKeyPem'] as const

/** Plain strings → `{$enc}` when `encrypt` is given; already sealed values stay as they are. */
export function sealSecrets(entry: unknown, encrypt?: (plain: string) => string): unknown {
  if (!encrypt) return entry
  return mapSecrets(entry, (value) => (typeof value === 'string' ? { $enc: encrypt(value) } : value))
}

export interface OpenedEntry {
  entry: unknown
  /** `env.NAME: could not be decrypted (re-enter it)`, one per value that would not open */
  problems: string[]
}

/** `{$enc}` → the plain string. A plain string is accepted as is (written where nothing encrypts). */
export function openSecrets(entry: unknown, decrypt?: (cipher: string) => string): OpenedEntry {
  const problems: string[] = []
  const opened = mapSecrets(entry, (value, path) => {
    if (!isSealed(value)) return value
    try {
      if (!decrypt) throw new Error('no decryption on this platform')
      return decrypt(value.$enc)
    } catch {
      problems.push(`${path}: could not be decrypted (re-enter it)`)
      return value
    }
  })
  return { entry: opened, problems }
}

/** The entry as the user may see it: every env/header value (or a malformed map) replaced. */
export function redactSecrets(entry: unknown): unknown {
  if (!isObject(entry)) return entry
  const redacted = mapSecrets(entry, (value, path) => (path === 'baseUrl' && typeof value === 'string' ? redactUrl(value) : REDACTED)) as Loose
  for (const field of SECRET_FIELDS) {
    if (field in redacted && redacted[field] !== undefined && !isObject(redacted[field])) redacted[field] = REDACTED
  }
  return redacted
}
