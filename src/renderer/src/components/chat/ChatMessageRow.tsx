import { memo } from 'react'
import type { ChatMessage } from '@shared/chat/conversations'
import { AssistantMessageView } from './AssistantMessageView'
import { UserBubble } from './UserBubble'

export interface ChatMessageRowProps {
  message: ChatMessage
  /** the last message: its error gets Retry */
  last: boolean
  onRetry: () => void
  onStop: () => void
}

/**
 * One message. Memoized: a streamed delta makes a new object of the running message only (the
 * cache's updates keep every other message as it was), so only that row renders again.
 */
export const ChatMessageRow = memo(function ChatMessageRow({ message, last, onRetry, onStop }: ChatMessageRowProps) {
  if (message.role === 'user') return <UserBubble text={message.text} attachments={message.attachments} images={message.images} />
  return <AssistantMessageView message={message} onRetry={last && !message.running ? onRetry : undefined} onStop={onStop} />
})
