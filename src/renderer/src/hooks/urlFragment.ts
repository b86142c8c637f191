import { useSyncExternalStore } from 'react'

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener)
  window.addEventListener('popstate', listener)
  return () => {
    window.removeEventListener('hashchange', listener)
    window.removeEventListener('popstate', listener)
  }
}

/** The URL fragment, re-read when it changes (the back button, a link, goToFragment). */
export function useUrlFragment(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash)
}

/** Puts `hash` ('' or '#…') in the address and tells the readers of the fragment. */
export function goToFragment(hash: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = `${window.location.pathname}${window.location.search}${hash}`
  if (replace) history.replaceState(null, '', url)
  else history.pushState(null, '', url)
  // pushState fires no event of its own: tell the subscribers
  window.dispatchEvent(new PopStateEvent('popstate'))
}
