import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core'
import { useCallback, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useServerActions } from '@renderer/hooks/useServerActions'

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
  const { commands } = useServerActions()
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

  // the latest lists, for callbacks that stay the same object (rows are memoized on them)
  const latest = useRef({ servers, shown, positions })
  latest.current = { servers, shown, positions }

  // ids, not positions in the filtered view, so a drag in search results moves the right server
  const reorder = useCallback(
    (from: number, to: number) => {
      if (from < 0 || to < 0 || from === to) return
      const ids = latest.current.servers.map((s) => s.id)
      ids.splice(to, 0, ...ids.splice(from, 1))
      void commands.reorder(ids).catch(() => commands.load().catch(() => undefined))
    },
    [commands]
  )

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return
      const at = latest.current.positions
      reorder(at.get(String(active.id)) ?? -1, at.get(String(over.id)) ?? -1)
    },
    [reorder]
  )

  const move = useCallback(
    (id: string, step: -1 | 1) => {
      const { shown: view, positions: at } = latest.current
      // the neighbour in the view the user sees, so moving inside search results skips hidden ones
      const index = view.findIndex((s) => s.id === id)
      const neighbour = view[index + step]
      if (index < 0 || !neighbour) return undefined
      reorder(at.get(id) ?? -1, at.get(neighbour.id) ?? -1)
      return index + step
    },
    [reorder]
  )

  return { announcements, onDragEnd, move }
}
