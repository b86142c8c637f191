import { Empty, Flex, Input, type InputRef } from 'antd'
import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useSlashFocus } from '@renderer/hooks/useSlashFocus'
import type { AppError } from '@renderer/components/errors/describeError'
import { useListServersQuery } from '@renderer/store/mainApi'
import { AddServerMenu } from './AddServerMenu'
import { BrokenServerRow } from './BrokenServerRow'
import { RegistryNoticeBanner } from './RegistryNoticeBanner'
import { ServerListEmpty } from './ServerListEmpty'
import { ServerListLoading } from './ServerListLoading'
import { SortableServerRows } from './SortableServerRows'

const NONE: never[] = []

/** Name, description or a tag contains the query (case-insensitive). */
export function matchesServer(server: McpServer, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  return [server.name, server.ui?.description ?? '', ...(server.ui?.tags ?? [])].some((text) => text.toLowerCase().includes(q))
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
  const { data: snapshot, error, refetch } = useListServersQuery()
  const servers = snapshot?.servers ?? NONE
  const broken = snapshot?.broken ?? NONE
  const [query, setQuery] = useState('')
  // filtering 10,000 servers per keystroke must not hold the field back
  const deferredQuery = useDeferredValue(query)
  const shown = useMemo(() => servers.filter((s) => matchesServer(s, deferredQuery)), [servers, deferredQuery])
  const search = useRef<InputRef>(null)
  useSlashFocus(search)

  const toolbar = (
    <Flex gap="middle" align="center" wrap>
      <Input.Search
        allowClear
        placeholder={t('servers.searchPlaceholder')}
        aria-label={t('servers.searchPlaceholder')}
        aria-keyshortcuts="/"
        ref={search}
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

  if (!snapshot) return <ServerListLoading error={error as AppError | undefined} onRetry={() => void refetch()} />

  if (servers.length === 0 && broken.length === 0) {
    return (
      <Flex vertical gap="middle" data-testid="server-list">
        <RegistryNoticeBanner notice={snapshot.notice} />
        {toolbar}
        <ServerListEmpty />
      </Flex>
    )
  }

  return (
    <Flex vertical gap="middle" data-testid="server-list">
      <RegistryNoticeBanner notice={snapshot.notice} />
      {toolbar}
      {shown.length === 0 && servers.length > 0 ? (
        <Empty data-testid="server-list-no-match" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('servers.noMatch', { query })} />
      ) : (
        <SortableServerRows servers={servers} shown={shown} onOpen={onOpen} />
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
