import { useCallback, useEffect, useState } from 'react'
import { useApi } from '@renderer/context/ApiContext'

/**
 * The URIs of this server that reported `resources/updated` (N4) since they were last read:
 * the "updated" marks. `clear(uri)` is called when the user reads it again.
 */
export function useServerResourceUpdates(serverId: string) {
  const api = useApi()
  const [updated, setUpdated] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(
    () =>
      api.on('mcp:resource-updated', (event) => {
        if (event.serverId !== serverId) return
        setUpdated((current) => (current.has(event.uri) ? current : new Set(current).add(event.uri)))
      }),
    [api, serverId]
  )
  const clear = useCallback((uri: string) => {
    setUpdated((current) => {
      if (!current.has(uri)) return current
      const next = new Set(current)
      next.delete(uri)
      return next
    })
  }, [])
  return { updated, clear }
}
