/**
 * Redaction for everything that leaves the MCP host: logs, errors, traces.
 * Pure and allocation-light: it runs on every log entry and every IPC error.
 */

export const REDACTED = '<redacted>'
const MAX_STRING = 300
const MAX_DEPTH = 12

/** Keys that are always secret, whatever their value. Compared lower-cased. */
const SECRET_KEYS = new Set([
  'authorization',
  'proxy-authorization',
  'apikey',
  'api_key',
  'api-key',
  'x-api-key',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'password',
  'secret',
  'cookie',
  'set-cookie'
])

/**
 * Names that look secret (env vars such as GITHUB_TOKEN, OPENAI_API_KEY, DB_PASSWORD, STRIPE_KEY,
 * camel-case ones such as clientSecret or openaiKey). A bare `key` is not one: it names map keys.
 */
const SECRET_NAME =
  /(secret|token|passw(or)?d|passphrase|pwd|api[-_]?key|private[-_]?key|credential|auth(?!or)|cookie|session|bearer|jwt|[-_.]key(?![a-z])|[-_.]pat$)/i
const CAMEL_KEY = /[a-z0-9]Key(?![a-z])/

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase())
}

export function looksSecretName(name: string): boolean {
  return isSecretKey(name) || SECRET_NAME.test(name) || CAMEL_KEY.test(name)
}

// "Bearer abc", "Basic abc", "Token abc", and key=value / key: value pairs whose key looks secret
const BEARER = /\b(Bearer|Basic|Token)\s+([A-Za-z0-9._~+/=-]{4,})/gi
// "basic" and "token" are also plain words ("API_TOKEN still holds…"): after them, only a value
// that looks made by a machine is a credential — a digit or symbol, or a capital inside it
const MACHINE_MADE = /[0-9._~+/=-]|.[A-Z]/
const isCredential = (scheme: string, value: string) => /^bearer$/i.test(scheme) || MACHINE_MADE.test(value)
// the secret word is in the last part of a dotted key: `user_config.api_key.description: Invalid`
// is a schema error about a description, not an API key's value
const PAIR = /\b([A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|api[-_]?key|authorization|cookie)[A-Za-z0-9_-]*)(["']?\s*[=:]\s*["']?)(?!(?:Bearer|Basic|Token)\s|<redacted>)([^\s"'&,;}]+)/gi
// a command-line flag that takes a secret: --api-key sk-… (the = form is a PAIR)
const FLAG = /(\s-{1,2}[A-Za-z0-9_-]*(?:secret|token|passw(?:or)?d|api[-_]?key)[A-Za-z0-9_-]*\s+)(?!<redacted>|-)[^\s"']+/gi
// a Cookie header is secret as a whole: every name=value pair in it, up to the end of the line
const COOKIE_HEADER = /\b((?:set-)?cookie\s*:\s*)[^\r\n"]+/gi
// the password of a URL with credentials: https://user:pass@host
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s/@]+@/gi

// what every pattern below needs somewhere in the text (their key words, or a URL's ://)
const MAY_HOLD_SECRET = /secret|token|passw|api[-_]?key|authorization|cookie|bearer|basic|:\/\//i

export interface RedactOptions {
  /** literal secret values (e.g. a server's env secrets) to scrub from free text */
  secrets?: readonly string[]
  /** truncate strings longer than this (default 300) */
  maxString?: number
  /** objects nested deeper than this become "[Too deep]" (default 12) */
  maxDepth?: number
}

export function truncate(text: string, max = MAX_STRING): string {
  return text.length > max ? `${text.slice(0, max)}…<${text.length - max} more>` : text
}

/** Scrub secrets out of free text: auth schemes, secret-looking pairs, and known secret values. */
export function redactText(text: string, options: RedactOptions = {}): string {
  let out = text
  // known values first, longest first, so a secret that contains another is hidden whole; only
  // those present are collected and sorted (this runs on every string of every message, and most
  // hold none). Very short values would erase ordinary words; they are not worth hiding in text
  const present = secretsIn(text, options.secrets)
  if (present) {
    for (const secret of present.sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED)
  }
  // none of the patterns below can match without one of these words: most text skips them all
  if (!MAY_HOLD_SECRET.test(out)) return out
  out = out.replace(COOKIE_HEADER, (_m, head: string) => `${head}${REDACTED}`)
  out = out.replace(BEARER, (match: string, scheme: string, value: string) => (isCredential(scheme, value) ? `${scheme} ${REDACTED}` : match))
  out = out.replace(PAIR, (_m, key: string, sep: string) => `${key}${sep}${REDACTED}`)
  out = out.replace(FLAG, (_m, flag: string) => `${flag}${REDACTED}`)
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`)
  return out
}

/** The known secret values `text` holds, or undefined when it holds none (no array made then). */
function secretsIn(text: string, secrets: readonly string[] | undefined): string[] | undefined {
  if (!secrets) return undefined
  let present: string[] | undefined
  for (const secret of secrets) if (secret.length >= 4 && text.includes(secret)) (present ??= []).push(secret)
  return present
}

export function redactSensitive<T = unknown>(input: T, options: RedactOptions = {}): T {
  return walk(input, options, new WeakSet(), 0) as T
}

/**
 * A long string (a base64 image, a whole file) is scanned only as far as it is shown, plus the
 * longest secret, so no secret is left half-visible at the cut and a megabyte costs no more than a line.
 */
function redactString(text: string, options: RedactOptions): string {
  const max = options.maxString ?? MAX_STRING
  const keep = text.length > max ? max + Math.max(0, ...(options.secrets ?? []).map((s) => s.length)) : text.length
  if (text.length <= keep) return truncate(redactText(text, options), max)
  const shown = redactText(text.slice(0, keep), options)
  return `${shown.slice(0, max)}…<${Math.max(0, shown.length - max) + text.length - keep} more>`
}

function walk(value: unknown, options: RedactOptions, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactString(value, options)
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value
  }
  if (seen.has(value)) return '[Circular]'
  if (depth >= (options.maxDepth ?? MAX_DEPTH)) return '[Too deep]'
  seen.add(value)
  try {
    if (value instanceof Error) return redactError(value, options, seen, depth)
    if (Array.isArray(value)) return value.map((item) => walk(item, options, seen, depth + 1))
    // an invalid date has no ISO form (toISOString throws)
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
    // bytes are never worth logging and could be huge: their size says enough
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `<${value.byteLength} bytes>`
    if (value instanceof Map) {
      // string keys can still name a secret; any other key cannot, and would not survive as a key
      const keys = [...value.keys()]
      if (keys.every((k) => typeof k === 'string')) return walkObject(Object.fromEntries(value), options, seen, depth)
      return [...value].map((pair) => walk(pair, options, seen, depth + 1))
    }
    if (value instanceof Set) return [...value].map((item) => walk(item, options, seen, depth + 1))
    if (typeof Headers !== 'undefined' && value instanceof Headers) {
      return walk(Object.fromEntries(value.entries()), options, seen, depth)
    }
    return walkObject(value, options, seen, depth)
  } finally {
    seen.delete(value)
  }
}

function walkObject(value: object, options: RedactOptions, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  // for…in over own keys, as Object.entries would give them, without an array of pairs per object
  // (this runs on every object of every message)
  for (const key in value) {
    if (Object.hasOwn(value, key)) out[key] = redactEntry(key, (value as Record<string, unknown>)[key], options, seen, depth)
  }
  return out
}

/** A JSON Schema's `properties`: its keys name fields (a `password` field), they hold no values. */
function isSchemaProperties(key: string, item: unknown): item is Record<string, object> {
  return key === 'properties' && typeof item === 'object' && item !== null && !Array.isArray(item) && Object.values(item).every((v) => typeof v === 'object' && v !== null)
}

function redactEntry(key: string, item: unknown, options: RedactOptions, seen: WeakSet<object>, depth: number) {
  if (item === undefined || item === null || item === '') return item
  if (isSchemaProperties(key, item)) {
    if (depth + 1 >= (options.maxDepth ?? MAX_DEPTH)) return '[Too deep]'
    return Object.fromEntries(Object.entries(item).map(([field, schema]) => [field, walk(schema, options, seen, depth + 2)]))
  }
  if (isSecretKey(key)) return REDACTED
  // a name that merely looks secret hides strings only: maxTokens: 100 stays readable
  if (typeof item === 'string' && looksSecretName(key)) return REDACTED
  return walk(item, options, seen, depth + 1)
}

function redactError(error: Error, options: RedactOptions, seen: WeakSet<object>, depth: number) {
  const out: Record<string, unknown> = {
    name: error.name,
    message: truncate(redactText(error.message, options), options.maxString)
  }
  const code = (error as { code?: unknown }).code
  if (code !== undefined) out.code = typeof code === 'object' ? walk(code, options, seen, depth + 1) : code
  const data = (error as { data?: unknown }).data
  if (data !== undefined) out.data = walk(data, options, seen, depth + 1)
  // the cause often says why (ECONNREFUSED under "fetch failed")
  if (error.cause !== undefined) out.cause = walk(error.cause, options, seen, depth + 1)
  return out
}
