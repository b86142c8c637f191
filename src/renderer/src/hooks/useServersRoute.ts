import { useCallback } from 'react'
import { goToFragment, useUrlFragment } from './urlFragment'

/** Where the servers page is: the list, a server's editor (with its tab), or a new server. */
export type ServersRoute = { view: 'list' } | { view: 'editor'; serverId: string; tab: string } | { view: 'new' }

export const DEFAULT_EDITOR_TAB = 'general'

/**
 * The route lives in the URL fragment (`#server=<id>&tab=logs`), so a reload (and the browser's
 * back button) keeps the user where they were. The session token also travels in the fragment at
 * start-up; sessionToken.ts takes it out before this reads anything.
 */
export function parseServersRoute(hash: string): ServersRoute {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const serverId = params.get('server')
  if (serverId) return { view: 'editor', serverId, tab: params.get('tab') || DEFAULT_EDITOR_TAB }
  if (params.has('new')) return { view: 'new' }
  return { view: 'list' }
}

export function serversRouteHash(route: ServersRoute): string {
  if (route.view === 'list') return ''
  if (route.view === 'new') return '#new'
  const params = new URLSearchParams({ server: route.serverId })
  if (route.tab !== DEFAULT_EDITOR_TAB) params.set('tab', route.tab)
  return `#${params.toString()}`
}

export function useServersRoute(): [ServersRoute, (route: ServersRoute, options?: { replace?: boolean }) => void] {
  const hash = useUrlFragment()
  const navigate = useCallback((route: ServersRoute, options?: { replace?: boolean }) => goToFragment(serversRouteHash(route), options), [])
  return [parseServersRoute(hash), navigate]
}
