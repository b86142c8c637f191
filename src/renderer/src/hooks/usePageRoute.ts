import { useCallback } from 'react'
import { goToFragment, useUrlFragment } from './urlFragment'

/** Pages of the main window. Trace is not one of them: it opens in its own window. */
export type MainPageKey = 'servers' | 'chat' | 'models' | 'settings'

/** Which page the main window shows; the chat page also says which conversation is open. */
export type PageRoute = { page: 'servers' } | { page: 'chat'; chatId?: string } | { page: 'models' } | { page: 'settings'; section?: 'chat' }

/**
 * The page lives in the URL fragment next to the servers page's own route (`#page=chat&chat=<id>`).
 * No `page` is the servers page, so every older address still lands where it did.
 */
export function parsePageRoute(hash: string): PageRoute {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const page = params.get('page')
  if (page === 'chat') {
    const chatId = params.get('chat')
    return chatId ? { page: 'chat', chatId } : { page: 'chat' }
  }
  if (page === 'models') return { page: 'models' }
  if (page === 'settings') return params.get('section') === 'chat' ? { page: 'settings', section: 'chat' } : { page: 'settings' }
  return { page: 'servers' }
}

export function pageRouteHash(route: PageRoute): string {
  if (route.page === 'servers') return ''
  const params = new URLSearchParams({ page: route.page })
  if (route.page === 'chat' && route.chatId) params.set('chat', route.chatId)
  if (route.page === 'settings' && route.section) params.set('section', route.section)
  return `#${params.toString()}`
}

export function usePageRoute(): [PageRoute, (route: PageRoute, options?: { replace?: boolean }) => void] {
  const hash = useUrlFragment()
  const navigate = useCallback((route: PageRoute, options?: { replace?: boolean }) => goToFragment(pageRouteHash(route), options), [])
  return [parsePageRoute(hash), navigate]
}
