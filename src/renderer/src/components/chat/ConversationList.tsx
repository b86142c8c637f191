import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { Alert, Button, Empty, Flex, Input } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConversationSummary } from '@shared/chat/conversations'
import { ConversationRow } from './ConversationRow'

const ROW_HEIGHT = 56

export interface ConversationListProps {
  conversations: readonly ConversationSummary[]
  selectedId?: string
  height: number
  creating: boolean
  onCreate: () => void
  onOpen: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (id: string) => void
}

/** The chats, newest first: search, New chat, and only the rows on screen drawn (a long history stays fast). */
export function ConversationList({ conversations, selectedId, height, creating, onCreate, onOpen, onRename, onDelete }: ConversationListProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query.trim().toLowerCase())
  const shown = useMemo(
    () => (deferred ? conversations.filter((c) => c.title.toLowerCase().includes(deferred) || c.preview.toLowerCase().includes(deferred)) : conversations),
    [conversations, deferred]
  )
  const scrollRef = useRef<HTMLDivElement>(null)
  // the list's own height: the window's, less the search and New chat above it
  const listHeight = Math.max(120, height - 88)
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => shown[index].id,
    // before the first layout (and in jsdom, which has none) the panel has its styled height
    initialRect: { width: 260, height: listHeight },
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width || 260, height: listHeight }))
  })

  return (
    <Flex vertical gap={8} style={{ width: 280, flexShrink: 0, height }} data-testid="chat-conversations">
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} loading={creating} data-testid="chat-new">
        {t('chat.newChat')}
      </Button>
      <Input.Search allowClear placeholder={t('chat.search')} aria-label={t('chat.search')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="chat-search" />
      {shown.length === 0 ? (
        query ? (
          <Alert type="info" title={t('chat.noMatch', { query })} data-testid="chat-no-match" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noConversations')} data-testid="chat-no-conversations" />
        )
      ) : (
        <div ref={scrollRef} role="listbox" aria-label={t('chat.conversations')} style={{ height: listHeight, overflowY: 'auto' }}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const conversation = shown[item.index]
              return (
                <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
                  <ConversationRow conversation={conversation} selected={conversation.id === selectedId} onOpen={onOpen} onRename={onRename} onDelete={onDelete} />
                </div>
              )
            })}
          </div>
        </div>
      )}
    </Flex>
  )
}
