import { isOnlyPlaceholders } from './placeholders'
import { REDACTED, looksSecretName } from './redact'

/**
 * A server's URL can carry its key in the query (`?api_key=…`, `?token=…`, a signed URL's `sig=`).
 * Such values are treated like header values: hidden wherever the URL is shown, scrubbed from
 * logs and spans, sealed at rest, and not part of what the user approves.
 */

// short names that are secrets in a query though not in a config key (`key` names map keys there)
const SECRET_QUERY_NAMES = /^(key|sig|signature|pass|pwd|auth|code|hmac|apikey|access[-_]?key)$/i

export function isSecretQueryName(name: string): boolean {
  return SECRET_QUERY_NAMES.test(name) || looksSecretName(name)
}

/** A pair to hide: a secret-looking name with a value that is not only `${env:NAME}` placeholders (those are shown, as in env). */
const isSecretPair = (pair: QueryPair) => pair.raw !== '' && isSecretQueryName(pair.name) && !isOnlyPlaceholders(decode(pair.raw))

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

interface QueryPair {
  /** decoded, to be judged */
  name: string
  /** the name and the value as written in the URL, percent-encoded */
  rawName: string
  raw: string
}

/** The URL cut around its query, the query's pairs kept as written so the rest of the URL is untouched. */
function splitQuery(url: string): { head: string; pairs: Array<QueryPair | string>; tail: string } | undefined {
  const hash = url.indexOf('#')
  const beforeHash = hash === -1 ? url : url.slice(0, hash)
  const question = beforeHash.indexOf('?')
  if (question === -1) return undefined
  const pairs = beforeHash
    .slice(question + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=')
      return eq === -1 ? part : { name: decode(part.slice(0, eq)), rawName: part.slice(0, eq), raw: part.slice(eq + 1) }
    })
  return { head: beforeHash.slice(0, question + 1), pairs, tail: hash === -1 ? '' : url.slice(hash) }
}

/** The values of secret-looking query parameters, as written and decoded (a log may show either). */
export function urlQuerySecrets(url: string | undefined): string[] {
  const split = url ? splitQuery(url) : undefined
  if (!split) return []
  const values = new Set<string>()
  for (const pair of split.pairs) {
    if (typeof pair === 'string' || !isSecretPair(pair)) continue
    values.add(pair.raw)
    values.add(decode(pair.raw))
  }
  return [...values]
}

/** Whether the URL carries a secret-looking query value. */
export function hasUrlSecrets(url: string | undefined): boolean {
  return urlQuerySecrets(url).length > 0
}

/** The URL as it may be shown: each secret-looking query value replaced by `<redacted>`, the rest as written. */
export function redactUrl(url: string): string
export function redactUrl(url: string | undefined): string | undefined
export function redactUrl(url: string | undefined): string | undefined {
  const split = url ? splitQuery(url) : undefined
  if (!split) return url
  const query = split.pairs.map((pair) => {
    if (typeof pair === 'string') return pair
    return `${pair.rawName}=${isSecretPair(pair) ? REDACTED : pair.raw}`
  })
  return `${split.head}${query.join('&')}${split.tail}`
}
