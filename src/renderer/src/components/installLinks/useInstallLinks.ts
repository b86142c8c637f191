import { useCallback, useEffect, useState } from 'react'
import { INSTALL_LINK_PROTOCOL } from '@shared/mcp/installLink'
import { useApi } from '@renderer/context/ApiContext'

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
  const api = useApi()
  const [queue, setQueue] = useState<WaitingLink[]>(() => {
    const fromPage = installLinkFromLocation(window.location)
    return fromPage ? [{ id: nextId++, link: fromPage }] : []
  })

  useEffect(() => {
    // read once: a reload or a bookmark of the app must not offer the same servers again
    if (installLinkFromLocation(window.location)) history.replaceState(null, '', `/${window.location.hash}`)
  }, [])

  useEffect(() => {
    // main hands each link out once: what comes back is kept even if this effect was re-run meanwhile
    const take = () =>
      void api.app.takeInstallLinks().then(
        (links) => links.length > 0 && setQueue((waiting) => [...waiting, ...links.map((link) => ({ id: nextId++, link }))]),
        () => undefined
      )
    take()
    return api.on('app:install-links', take)
  }, [api])

  const done = useCallback(() => setQueue((waiting) => waiting.slice(1)), [])
  return { link: queue[0], done }
}
