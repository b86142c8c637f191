import { REDACTED } from '@shared/mcp/redact'

type Fetch = typeof globalThis.fetch

/** A secret as it appears inside a JSON string (quotes, backslashes and control characters escaped). */
const jsonForm = (secret: string) => JSON.stringify(secret).slice(1, -1)

/**
 * The last guard before the provider: every known secret is taken out of each request body, in
 * whatever part of the conversation it ended up (a tool result, the model's own arguments, an
 * error). Tool results are redacted before this already; this catches what slipped past.
 */
export function redactingFetch(secrets: () => readonly string[], fetch: Fetch = globalThis.fetch): Fetch {
  return (input, init) => {
    const values = secrets().filter((s) => s.length >= 4)
    if (!values.length || typeof init?.body !== 'string') return fetch(input, init)
    let body = init.body
    for (const secret of values) body = body.split(jsonForm(secret)).join(REDACTED)
    return fetch(input, { ...init, body })
  }
}
