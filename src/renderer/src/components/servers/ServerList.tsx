import { useMemo, useState } from 'react'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { Empty, Flex, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useServerActions } from '@renderer/hooks/useServerActions'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectBrokenServers, selectServers, selectServersLoaded, selectServersLoadError } from '@renderer/store/mcp'
import { AddServerMenu } from './AddServerMenu'
import { BrokenServerRow } from './BrokenServerRow'
import { RegistryNoticeBanner } from './RegistryNoticeBanner'
import { ServerListEmpty } from './ServerListEmpty'
import { ServerListLoading } from './ServerListLoading'
import { ServerRow } from './ServerRow'

/** Name, description or a tag contains the query (case-insensitive). */
export function matchesServer(server: McpServer, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return [server.name, server.description ?? '', ...(server.tags ?? [])].some((text) => text.toLowerCase().includes(q))
}

export interface ServerListProps {
  /** open a server in the editor */
  onOpen: (id: string) => void
  /** open a blank server in the editor */
  onCreate: () => void
}

/** The configured servers in the user's order: search, add, reorder by drag or keyboard. */
export function ServerList({ onOpen, onCreate }: ServerListProps) {
  const { t } = useTranslation()
  const { commands } = useServerActions()
  const servers = useAppSelector(selectServers)
  const broken = useAppSelector(selectBrokenServers)
  const loaded = useAppSelector(selectServersLoaded)
  const loadError = useAppSelector(selectServersLoadError)
  const [query, setQuery] = useState('')
  const shown = useMemo(() => servers.filter((s) => matchesServer(s, query)), [servers, query])
  const sensors = useSensors(
    // a few pixels before a drag starts, so clicks on the handle stay clicks
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )

  const nameOf = (id: string | number) => servers.find((s) => s.id === id)?.name ?? String(id)
  const positionOf = (id: string | number) => servers.findIndex((s) => s.id === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('servers.reorder.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('servers.reorder.over', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('servers.reorder.dropped', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('servers.reorder.cancelled', { name: nameOf(active.id) })
  }

  // ids, not positions in the filtered view, so a drag in search results moves the right server
  const reorder = (from: number, to: number) => {
    if (from < 0 || to < 0 || from === to) return
    const ids = servers.map((s) => s.id)
    ids.splice(to, 0, ...ids.splice(from, 1))
    // main keeps the order; the list shows it at once
    void commands.reorder(ids).catch(() => commands.load().catch(() => undefined))
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    reorder(servers.findIndex((s) => s.id === active.id), servers.findIndex((s) => s.id === over.id))
  }

  const move = (id: string, step: -1 | 1) => {
    const from = servers.findIndex((s) => s.id === id)
    // the neighbour in the view the user sees, so moving inside search results skips hidden ones
    const at = shown.findIndex((s) => s.id === id)
    const neighbour = shown[at + step]
    if (from < 0 || !neighbour) return
    reorder(from, servers.findIndex((s) => s.id === neighbour.id))
  }

  const toolbar = (
    <Flex gap="middle" align="center" wrap>
      <Input.Search
        allowClear
        placeholder={t('servers.searchPlaceholder')}
        aria-label={t('servers.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        style={{ maxWidth: 360 }}
        data-testid="server-search"
        disabled={servers.length === 0}
      />
      <div style={{ flex: 1 }} />
      <AddServerMenu onCreate={onCreate} />
    </Flex>
  )

  if (!loaded) return <ServerListLoading error={loadError} onRetry={() => void commands.load().catch(() => undefined)} />

  if (servers.length === 0 && broken.length === 0) {
    return (
      <Flex vertical gap="middle" data-testid="server-list">
        <RegistryNoticeBanner />
        {toolbar}
        <ServerListEmpty />
      </Flex>
    )
  }

  return (
    <Flex vertical gap="middle" data-testid="server-list">
      <RegistryNoticeBanner />
      {toolbar}
      {shown.length === 0 && servers.length > 0 ? (
        <Empty data-testid="server-list-no-match" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('servers.noMatch', { query })} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('servers.reorder.instructions') } }}
        >
          <SortableContext items={shown.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label={t('servers.title')}>
              {shown.map((server) => (
                <ServerRow key={server.id} server={server} onOpen={onOpen} onMove={move} sortable />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {broken.length > 0 && (
        <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label={t('servers.broken.tag')}>
          {broken.map((entry) => (
            <BrokenServerRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </Flex>
  )
}
