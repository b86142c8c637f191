import { isLoopbackHost } from './loopback'

/**
 * A5: the only URLs the sign-in opens. An authorization server chosen by a remote server's
 * metadata must not make the app open `file:`, `javascript:` or an app protocol, and a plain
 * `http:` page (a code and a session cookie in clear) is allowed only on this machine.
 */
export function checkAuthorizationUrl(input: string | URL): URL {
  let url: URL
  try {
    url = new URL(String(input))
  } catch {
    throw new Error(`the authorization URL "${String(input)}" is not a valid URL`)
  }
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url
  if (url.protocol === 'http:') throw new Error(`refused to open ${url.origin}: plain http is allowed only for this machine (127.0.0.1, ::1, localhost)`)
  throw new Error(`refused to open a "${url.protocol}" URL for sign-in: only https (or http on this machine) is opened`)
}
