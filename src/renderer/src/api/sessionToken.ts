import { TOKEN_PARAM } from '@shared/ipc/bridgeProtocol'

const STORAGE_KEY = 'mcp-studio:session-token'

/**
 * Browser mode hands the session token in the URL fragment (never sent to a server, not logged).
 * Keep it for reloads in sessionStorage and take it out of the address bar.
 */
export function takeSessionToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const fromHash = fragment.get(TOKEN_PARAM)
  if (fromHash) {
    sessionStorage.setItem(STORAGE_KEY, fromHash)
    fragment.delete(TOKEN_PARAM)
    const rest = fragment.toString()
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`)
    return fromHash
  }
  return sessionStorage.getItem(STORAGE_KEY)
}
