import { REDACTED } from '@shared/mcp/redact'

/**
 * What a command prints (a tool's result, a prompt, a resource), with every known secret value
 * (the servers' env, header, query and flag values, and what `${env:NAME}` brought in) replaced
 * by `<redacted>` wherever it appears in a string: a tool that echoes its API key does not put it
 * on the terminal or into a script's JSON. Nothing else changes: no key-name rules, no cuts, so
 * the output stays the server's. A copy; the input is left as it is.
 */
export function withoutSecrets<T>(value: T, secrets: readonly string[]): T {
  // longest first, so a secret that contains another is hidden whole
  const known = secrets.filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length)
  return known.length ? (scrub(value, known) as T) : value
}

function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    let out = value
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    return out
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key in value) if (Object.hasOwn(value, key)) out[key] = scrub((value as Record<string, unknown>)[key], secrets)
  return out
}
