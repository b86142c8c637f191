import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core'
import { useCallback, useMemo, useRef } from 'react'
import { useStore } from 'react-redux'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import type { RootState } from '@renderer/store'
import { useReorderServersMutation } from '@renderer/store/mainApi'
import { selectServersSnapshot } from '@renderer/store/serverSelectors'

export interface ServerReorder {
  /** what a screen reader hears while a row is dragged */
  announcements: Announcements
  onDragEnd: (event: DragEndEvent) => void
  /**
   * One step up (-1) or down (+1) among the rows shown (Alt+Arrow). Returns the row's index in
   * the shown list after the move, or undefined when it could not move. Stable across renders.
   */
  move: (id: string, step: -1 | 1) => number | undefined
}

/** Reordering by drag or keyboard: main keeps the order, the list shows it at once. */
export function useServerReorder(servers: McpServer[], shown: McpServer[]): ServerReorder {
  const { t } = useTranslation()
  const [reorderServers] = useReorderServersMutation()
  // positions by id, built once per list: a lookup per drag event, not a scan of 10,000 servers
  const positions = useMemo(() => new Map(servers.map((s, i) => [s.id, i])), [servers])
  const nameOf = useCallback(
    (id: UniqueIdentifier) => servers[positions.get(String(id)) ?? -1]?.name ?? String(id),
    [servers, positions]
  )
  const positionOf = useCallback((id: UniqueIdentifier) => (positions.get(String(id)) ?? -1) + 1, [positions])

  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) => t('servers.reorder.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('servers.reorder.over', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over ? t('servers.reorder.dropped', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
      onDragCancel: ({ active }) => t('servers.reorder.cancelled', { name: nameOf(active.id) })
    }),
    [t, nameOf, positionOf]
  )

  // the latest view, for callbacks that stay the same object (rows are memoized on them)
  const latest = useRef(shown)
  latest.current = shown
  // the order as the cache holds it now: a second key press before the list re-rendered (the
  // cache tells the list in batches) builds on the first
  const store = useStore<RootState>()
  const currentOrder = useCallback(() => (selectServersSnapshot(store.getState())?.servers ?? []).map((s) => s.id), [store])

  // ids, not positions in the filtered view, so a drag in search results moves the right server
  const moveTo = useCallback(
    (id: string, targetId: string) => {
      const ids = currentOrder()
      const from = ids.indexOf(id)
      const to = ids.indexOf(targetId)
      if (from < 0 || to < 0 || from === to) return
      ids.splice(to, 0, ...ids.splice(from, 1))
      // shown at once; a refusal puts main's order back (see mainApi)
      void reorderServers(ids)
    },
    [currentOrder, reorderServers]
  )

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (over && active.id !== over.id) moveTo(String(active.id), String(over.id))
    },
    [moveTo]
  )

  const move = useCallback(
    (id: string, step: -1 | 1) => {
      // the neighbour in the view the user sees, so moving inside search results skips hidden ones
      const rank = new Map(currentOrder().map((serverId, i) => [serverId, i]))
      const view = latest.current.map((s) => s.id).sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
      const index = view.indexOf(id)
      const neighbour = view[index + step]
      if (index < 0 || !neighbour) return undefined
      moveTo(id, neighbour)
      return index + step
    },
    [currentOrder, moveTo]
  )

  return { announcements, onDragEnd, move }
}
