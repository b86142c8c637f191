import { resolveCheckedAddress } from './addressGuard'
import { FetchError } from './fetchError'
import { getOnce } from './httpGet'
import { MAX_REDIRECTS, type FetchSettings } from './settings'

export interface FetchedPage {
  /** where the content came from, after redirects */
  url: string
  contentType: string
  body: Buffer
}

/** Only http(s); `what` names where the address came from, for the error; `base` resolves a relative one. */
export function parseHttpUrl(raw: string, what = 'the url', base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new FetchError(`${what} is not a valid absolute URL: "${raw.slice(0, 200)}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(`${what} uses ${url.protocol.slice(0, 30)} — only http: and https: addresses can be fetched`)
  }
  if (url.username || url.password) throw new FetchError(`${what} has a user name or password in it; such addresses are not fetched`)
  return url
}

/**
 * GETs a URL, following at most MAX_REDIRECTS redirects; every hop's host is resolved and checked
 * again. The timeout covers all of it, from the first DNS lookup to the last byte.
 */
export async function fetchUrl(raw: string, settings: FetchSettings, cancel?: AbortSignal): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(settings.timeoutMs)
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout
  let url = parseHttpUrl(raw)
  try {
    for (let redirects = 0; ; redirects++) {
      const pinned = await resolveCheckedAddress(url.hostname, settings.allowPrivate, signal)
      const response = await getOnce(url, pinned, { signal, maxBytes: settings.maxBytes })
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.location
        if (!location) throw new FetchError(`${url.href} answered HTTP ${response.status} without a Location to go to`)
        if (redirects === MAX_REDIRECTS) throw new FetchError(`too many redirects: gave up after ${MAX_REDIRECTS}, at ${url.href}`)
        url = parseHttpUrl(location, `the redirect from ${url.href}`, url)
        continue
      }
      if (response.status >= 400 || response.status < 200) {
        throw new FetchError(`${url.href} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)
      }
      return { url: url.href, contentType: response.headers['content-type'] ?? '', body: response.body }
    }
  } catch (error) {
    if (timeout.aborted) throw new FetchError(`timed out after ${formatSeconds(settings.timeoutMs)} fetching ${url.href}`)
    if (cancel?.aborted) throw new FetchError(`the fetch of ${url.href} was cancelled`)
    throw error
  }
}

const formatSeconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`)
