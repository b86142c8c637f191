/**
 * Where the Electron windows' pages come from: the privileged app:// scheme (registered in
 * platform/electronSecurity.ts), or the Vite dev server in `electron-vite dev`. Pure, so the
 * origin checks of navigation, IPC senders and permissions are tested without Electron.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'mcp-studio'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * True when a URL (or an origin) is ours: app://mcp-studio exactly (no port, no user name), or
 * the dev server's origin when one is given. Node's URL has no origin for custom schemes ("null"),
 * so app:// is compared part by part.
 */
export function isAppUrl(url: string | undefined, devServer?: string): boolean {
  if (!url) return false
  try {
    const parsed = new URL(url)
    if (devServer) return parsed.origin === new URL(devServer).origin
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.hostname.toLowerCase() === APP_HOST &&
      parsed.port === '' &&
      parsed.username === '' &&
      parsed.password === ''
    )
  } catch {
    return false
  }
}

/**
 * The CSP header app:// sends with every page. It narrows the pages' <meta> CSP (both apply):
 * the desktop app talks to main over IPC, so it needs no WebSocket (the meta allows one for
 * browser mode), and frame-ancestors only works as a header.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'"
].join('; ')
