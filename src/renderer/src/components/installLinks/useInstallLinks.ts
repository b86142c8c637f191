import { useEffect } from 'react'
import { INSTALL_LINK_PROTOCOL } from '@shared/mcp/installLink'
import { useMainInbox } from '@renderer/hooks/useMainInbox'

/** Browser mode's page for a link: `/install?servers=…` is the link `mcpstudio://install?servers=…`. */
export function installLinkFromLocation(location: Pick<Location, 'pathname' | 'search'>): string | undefined {
  if (location.pathname.replace(/\/+$/, '') !== '/install') return undefined
  return `${INSTALL_LINK_PROTOCOL}://install${location.search}`
}

/** a link, and an id of its own: the same link twice is two dialogs */
export interface WaitingLink {
  id: number
  link: string
}
let nextId = 1

/**
 * The install links waiting for the user, oldest first: the page's own address in browser mode,
 * and what main's inbox holds in Electron (taken at start and whenever main says one came).
 * `done` moves on to the next.
 */
export function useInstallLinks(): { link: WaitingLink | undefined; done: () => void } {
  const { first, done } = useMainInbox<WaitingLink>(
    async (api) => (await api.app.takeInstallLinks()).map((link) => ({ id: nextId++, link })),
    'app:install-links',
    () => {
      const fromPage = installLinkFromLocation(window.location)
      return fromPage ? [{ id: nextId++, link: fromPage }] : []
    }
  )

  useEffect(() => {
    // read once: a reload or a bookmark of the app must not offer the same servers again
    if (installLinkFromLocation(window.location)) history.replaceState(null, '', `/${window.location.hash}`)
  }, [])

  return { link: first, done }
}
