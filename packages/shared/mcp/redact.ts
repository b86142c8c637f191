/**
 * Redaction for everything that leaves the MCP host: logs, errors, traces (G3).
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

/** Names that look secret (env vars such as GITHUB_TOKEN, OPENAI_API_KEY, DB_PASSWORD). */
const SECRET_NAME = /(secret|token|passw(or)?d|pwd|api[-_]?key|private[-_]?key|credential|auth|cookie|session)/i

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase())
}

export function looksSecretName(name: string): boolean {
  return isSecretKey(name) || SECRET_NAME.test(name)
}

// "Bearer abc", "Basic abc", and key=value / key: value pairs whose key looks secret
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{4,}/gi
const PAIR = /\b([A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|api[-_]?key|authorization|cookie)[A-Za-z0-9_.-]*)(["']?\s*[=:]\s*["']?)(?!(?:Bearer|Basic|Token)\s|<redacted>)([^\s"'&,;}]+)/gi

export interface RedactOptions {
  /** literal secret values (e.g. a server's env secrets) to scrub from free text */
  secrets?: readonly string[]
  /** truncate strings longer than this (default 300) */
  maxString?: number
}

export function truncate(text: string, max = MAX_STRING): string {
  return text.length > max ? `${text.slice(0, max)}…<${text.length - max} more>` : text
}

/** Scrub secrets out of free text: auth schemes, secret-looking pairs, and known secret values. */
export function redactText(text: string, options: RedactOptions = {}): string {
  let out = text.replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
  out = out.replace(PAIR, (_m, key: string, sep: string) => `${key}${sep}${REDACTED}`)
  for (const secret of options.secrets ?? []) {
    // very short values would erase ordinary words; they are not worth hiding in text
    if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  }
  return out
}

/** The names of secret-looking entries in an env or header map, for `RedactOptions.secrets`. */
export function secretValuesOf(...maps: Array<Record<string, string> | undefined>): string[] {
  const values: string[] = []
  for (const map of maps) {
    for (const [k, v] of Object.entries(map ?? {})) {
      if (v && looksSecretName(k)) {
        values.push(v)
        // an Authorization header carries "Bearer xyz": hide xyz alone too
        const parts = v.split(/\s+/)
        if (parts.length > 1) values.push(parts[parts.length - 1])
      }
    }
  }
  return values
}

export function redactSensitive<T = unknown>(input: T, options: RedactOptions = {}): T {
  return walk(input, options, new WeakSet(), 0) as T
}

function walk(value: unknown, options: RedactOptions, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return truncate(redactText(value, options), options.maxString)
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value
  }
  if (seen.has(value)) return '[Circular]'
  if (depth >= MAX_DEPTH) return '[Too deep]'
  seen.add(value)
  try {
    if (value instanceof Error) return redactError(value, options, seen, depth)
    if (Array.isArray(value)) return value.map((item) => walk(item, options, seen, depth + 1))
    if (value instanceof Date) return value.toISOString()
    if (value instanceof Map) return walk(Object.fromEntries(value), options, seen, depth)
    if (typeof Headers !== 'undefined' && value instanceof Headers) {
      return walk(Object.fromEntries(value.entries()), options, seen, depth)
    }
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      out[key] = redactEntry(key, item, options, seen, depth)
    }
    return out
  } finally {
    seen.delete(value)
  }
}

function redactEntry(key: string, item: unknown, options: RedactOptions, seen: WeakSet<object>, depth: number) {
  if (item === undefined || item === null || item === '') return item
  if (isSecretKey(key)) return REDACTED
  // a name that merely looks secret hides strings only: maxTokens: 100 stays readable
  if (typeof item === 'string' && SECRET_NAME.test(key)) return REDACTED
  return walk(item, options, seen, depth + 1)
}

function redactError(error: Error, options: RedactOptions, seen: WeakSet<object>, depth: number) {
  const out: Record<string, unknown> = {
    name: error.name,
    message: truncate(redactText(error.message, options), options.maxString ?? 1000)
  }
  const code = (error as { code?: unknown }).code
  if (code !== undefined) out.code = typeof code === 'object' ? walk(code, options, seen, depth + 1) : code
  const data = (error as { data?: unknown }).data
  if (data !== undefined) out.data = walk(data, options, seen, depth + 1)
  return out
}
