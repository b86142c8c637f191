const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname)
}

export interface ExternalUrlPolicy {
  /** plain http is allowed only for loopback when false (OAuth) */
  allowPlainHttp?: boolean
}

/**
 * Parses and checks a URL before the system browser sees it: only http(s), no credentials.
 * Throws an error that says why, so the user sees what was refused.
 */
export function assertSafeExternalUrl(raw: string, policy: ExternalUrlPolicy = { allowPlainHttp: true }): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`Refused to open "${raw.slice(0, 100)}": not a valid URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Refused to open a ${url.protocol} URL: only http and https links are opened`)
  }
  if (url.username || url.password) {
    throw new Error('Refused to open a URL that carries a user name or password')
  }
  if (url.protocol === 'http:' && !policy.allowPlainHttp && !isLoopbackHost(url.hostname)) {
    throw new Error(`Refused to open ${url.origin}: plain http is only allowed for this computer (127.0.0.1)`)
  }
  return url
}
