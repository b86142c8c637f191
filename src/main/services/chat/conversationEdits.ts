import { randomUUID } from 'node:crypto'
import type { UserContent } from 'ai'
import { base64Bytes, type ChatAttachment, type ChatImage } from '@shared/chat/composerContext'
import type { AssistantMessage, Conversation } from '@shared/chat/conversations'
import { ChatError } from './chatErrors'
import type { StoredConversation } from './conversationFile'
import type { TurnOutcome } from './conversationTurn'

export const NEW_CHAT_TITLE = 'New chat'
const TITLE_CHARS = 60

/** The first line of the first message, short enough for the list. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0].trim()
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line
}

export function newConversation(fields: Pick<Conversation, 'model' | 'tools'>): StoredConversation {
  const now = Date.now()
  return { conversation: { id: randomUUID(), title: NEW_CHAT_TITLE, createdAt: now, updatedAt: now, ...fields, messages: [] }, history: [], historyAt: {} }
}

/**
 * The user's message, in the page and in the model's history; an untitled chat is named after its
 * first one. Attached resources show as chips; the model reads `forModel` (their text and the message).
 */
export function withUserMessage(
  stored: StoredConversation,
  text: string,
  context: { attachments: ChatAttachment[]; forModel: string; images?: ChatImage[] } = { attachments: [], forModel: text }
): StoredConversation {
  const c = stored.conversation
  const now = Date.now()
  const images = context.images ?? []
  const message = {
    id: randomUUID(),
    role: 'user' as const,
    text,
    at: now,
    ...(context.attachments.length ? { attachments: context.attachments } : {}),
    ...(images.length ? { images: images.map((i) => ({ mimeType: i.mimeType, bytes: base64Bytes(i.data) })) } : {})
  }
  // a prompt's images go to the model after the text, as image parts
  const content: UserContent = images.length
    ? [{ type: 'text', text: context.forModel }, ...images.map((i) => ({ type: 'image' as const, image: i.data, mediaType: i.mimeType }))]
    : context.forModel
  const title = c.title === NEW_CHAT_TITLE && c.messages.length === 0 ? titleFrom(text) || NEW_CHAT_TITLE : c.title
  return {
    conversation: { ...c, title, updatedAt: now, messages: [...c.messages, message] },
    history: [...stored.history, { role: 'user', content }],
    historyAt: { ...stored.historyAt, [message.id]: stored.history.length }
  }
}

/** Back to the last user message, in the page and in the model's history, to run it again. */
export function cutToLastUserMessage(stored: StoredConversation): StoredConversation {
  const c = stored.conversation
  const at = c.messages.findLastIndex((m) => m.role === 'user')
  if (at < 0) throw new ChatError('NOTHING_TO_RETRY', 'this conversation has no message to run again; write one')
  const historyAt = stored.historyAt[c.messages[at].id]
  return {
    ...stored,
    conversation: { ...c, updatedAt: Date.now(), messages: c.messages.slice(0, at + 1) },
    history: historyAt === undefined ? stored.history : stored.history.slice(0, historyAt + 1)
  }
}

/** The turn's answer as stored, and what it adds to the model's history. */
export function withOutcome(stored: StoredConversation, outcome: { message: AssistantMessage; added: TurnOutcome['added'] }): StoredConversation {
  return {
    ...stored,
    conversation: { ...stored.conversation, updatedAt: Date.now(), messages: [...stored.conversation.messages, outcome.message] },
    history: [...stored.history, ...outcome.added]
  }
}
