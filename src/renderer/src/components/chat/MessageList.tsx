import { Empty } from 'antd'
import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatMessage } from '@shared/chat/conversations'
import { ChatMessageRow } from './ChatMessageRow'

// within this many pixels of the end counts as "at the end": the list follows a growing answer
const STICKY_PX = 48

/**
 * The conversation's messages, scrolled to the end as an answer grows, unless the user scrolled
 * up to read. Rows are memoized (see ChatMessageRow); the callbacks must be stable.
 */
export function MessageList({ messages, onRetry, onStop }: { messages: ChatMessage[]; onRetry: () => void; onStop: () => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)

  useLayoutEffect(() => {
    const element = ref.current
    if (element && atEnd.current) element.scrollTop = element.scrollHeight
  }, [messages])

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={t('chat.title')}
      data-testid="chat-messages"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX
      }}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 4px', display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      {messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.emptyConversation')} data-testid="chat-empty-conversation" style={{ margin: 'auto' }} />
      ) : (
        messages.map((message, i) => (
          <ChatMessageRow key={message.id} message={message} last={i === messages.length - 1} onRetry={onRetry} onStop={onStop} />
        ))
      )}
    </div>
  )
}
