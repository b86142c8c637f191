import { REDACTED } from './redact'

/**
 * What is shown of a server's answer (a tool's result, a prompt, a resource), with every known secret value
 * (the servers' env, header, query and flag values, and what `${env:NAME}` brought in) replaced
 * by `<redacted>` wherever it appears in a string: a tool that echoes its API key does not put it
 * on the terminal, into a script's JSON or on the runner's screen. Nothing else changes: no key-name rules, no cuts, so
 * the output stays the server's. A copy; the input is left as it is.
 */
export function withoutSecrets<T>(value: T, secrets: readonly string[], marker = REDACTED): T {
  // longest first, so a secret that contains another is hidden whole
  const known = secrets.filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length)
  return known.length ? (scrub(value, known, marker) as T) : value
}

function scrub(value: unknown, secrets: readonly string[], marker: string): unknown {
  if (typeof value === 'string') {
    let out = value
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(marker)
    return out
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets, marker))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key in value) if (Object.hasOwn(value, key)) out[key] = scrub((value as Record<string, unknown>)[key], secrets, marker)
  return out
}

/** Whether any known secret value appears in a string of `value`. */
export function holdsSecrets(value: unknown, secrets: readonly string[]): boolean {
  if (typeof value === 'string') return secrets.some((secret) => secret.length >= 4 && value.includes(secret))
  if (Array.isArray(value)) return value.some((item) => holdsSecrets(item, secrets))
  if (value === null || typeof value !== 'object') return false
  for (const key in value) if (Object.hasOwn(value, key) && holdsSecrets((value as Record<string, unknown>)[key], secrets)) return true
  return false
}
