import { useCallback, useMemo } from 'react'
import { useAppDispatch, useAppSelector } from '@renderer/hooks/useStore'
import { resourceUpdateSeen, selectUpdatedResources } from '@renderer/store/resourceUpdates'

/**
 * The URIs of this server that reported `resources/updated` since they were last read:
 * the "updated" marks, kept in the store so none is missed while the tab is closed. `clear(uri)`
 * is called when the user reads it again.
 */
export function useServerResourceUpdates(serverId: string) {
  const dispatch = useAppDispatch()
  const marks = useAppSelector((state) => selectUpdatedResources(state, serverId))
  const updated = useMemo<ReadonlySet<string>>(() => new Set(marks), [marks])
  const clear = useCallback((uri: string) => dispatch(resourceUpdateSeen({ serverId, uri })), [dispatch, serverId])
  return { updated, clear }
}
