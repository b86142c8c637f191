import { useCallback, useEffect, useState } from 'react'
import type { McpApi } from '@shared/ipc/api'
import type { IpcEventName } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'

/**
 * What one of main's inboxes holds for the window (install links, opened extension files), oldest
 * first: taken at start and whenever main raises `arrived`. `done` moves on to the next. `take` is
 * read once per api, so it need not be stable.
 */
export function useMainInbox<T>(take: (api: McpApi) => Promise<T[]>, arrived: IpcEventName, initial: () => T[] = () => []): { first: T | undefined; done: () => void } {
  const api = useApi()
  const [queue, setQueue] = useState<T[]>(initial)

  useEffect(() => {
    // main hands each item out once: what comes back is kept even if this effect was re-run meanwhile
    const fetch = () =>
      void take(api).then(
        (items) => items.length > 0 && setQueue((waiting) => [...waiting, ...items]),
        () => undefined
      )
    fetch()
    return api.on(arrived, fetch)
    // take and arrived are fixed per caller: only a new api means a new inbox
  }, [api])

  const done = useCallback(() => setQueue((waiting) => waiting.slice(1)), [])
  return { first: queue[0], done }
}
