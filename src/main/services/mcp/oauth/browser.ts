/**
 * How the authorization page is shown: the system browser in the app, or a headless follower
 * (scripts, tests, `--oauth-browser follow`) for authorization servers that approve at once.
 */
export type BrowserOpener = (url: URL) => Promise<void>

const MAX_HOPS = 20

/**
 * Follows the authorization redirects with fetch and a cookie jar, as a browser would when the
 * user has nothing to click: login and consent pages that redirect on their own, then the
 * loopback callback, which ends the flow. A page that stops without redirecting is an error
 * naming it (it wants a person).
 */
export function redirectFollower(fetchImpl: typeof fetch = fetch): BrowserOpener {
  return async (start) => {
    const jar = new Map<string, Map<string, string>>()
    let url = start
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const cookies = jar.get(url.host)
      const response = await fetchImpl(url, {
        redirect: 'manual',
        headers: cookies?.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}
      })
      remember(jar, url.host, response.headers)
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        url = new URL(location, url)
        continue
      }
      const page = await response.text()
      if (url.pathname.endsWith('/oauth/callback')) return
      // what the page says (an error description, a login form's title), without its markup
      const says = page.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200)
      throw new Error(`the sign-in page ${url.origin}${url.pathname} answered HTTP ${response.status} instead of redirecting${says ? ` ("${says}")` : ''}: it needs a person (use the system browser)`)
    }
    throw new Error(`the sign-in redirected more than ${MAX_HOPS} times`)
  }
}

function remember(jar: Map<string, Map<string, string>>, host: string, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const cookies = jar.get(host) ?? new Map<string, string>()
    const value = pair.slice(at + 1).trim()
    // an expired cookie (logout, a consumed interaction) is how servers delete one
    if (/;\s*max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(pair.slice(0, at).trim())
    else cookies.set(pair.slice(0, at).trim(), value)
    jar.set(host, cookies)
  }
}
