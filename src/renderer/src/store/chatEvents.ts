import type { AssistantMessage, Conversation } from '@shared/chat/conversations'
import type { ChatEventPayload } from '@shared/chat/events'

/**
 * Applies one streamed turn event to a conversation (an immer draft). A message read at `seq` n
 * takes only events after n, and a stored message (no `seq`, not running) takes none but `done`
 * with the same content, so applying an event twice, or one older than the copy, changes nothing.
 */
export function applyChatEvent(conversation: Conversation, { messageId, seq, event }: ChatEventPayload): void {
  const at = conversation.messages.findIndex((m) => m.id === messageId)
  if (event.type === 'start') {
    // copies: the payload is kept for a replay, and must not change with the message
    if (at < 0) conversation.messages.push({ ...structuredClone(event.message), seq })
    return
  }
  if (at < 0) return
  const message = conversation.messages[at]
  if (message.role !== 'assistant' || !message.running || (message.seq ?? 0) >= seq) return
  if (event.type === 'done') {
    conversation.messages[at] = structuredClone(event.message)
    return
  }
  applyToMessage(message, event)
  message.seq = seq
}

function applyToMessage(message: AssistantMessage, event: Exclude<ChatEventPayload['event'], { type: 'start' | 'done' }>): void {
  if (event.type === 'usage') {
    message.usage = event.usage
  } else if (event.type === 'text') {
    const last = message.parts.at(-1)
    if (last?.type === 'text') last.text += event.text
    else message.parts.push({ type: 'text', text: event.text })
  } else {
    const index = message.parts.findIndex((p) => p.type === 'tool' && p.call.toolCallId === event.call.toolCallId)
    if (index >= 0) message.parts[index] = { type: 'tool', call: event.call }
    else message.parts.push({ type: 'tool', call: event.call })
  }
}

/**
 * Applies the events an answer of `chat:get-conversation` may have missed. A finished turn that the
 * answer does not have was taken out (Retry drops what followed the question): it stays out.
 */
export function replayChatEvents(conversation: Conversation, events: readonly ChatEventPayload[]): void {
  const finished = new Set(events.filter((p) => p.event.type === 'done').map((p) => p.messageId))
  for (const payload of events) {
    const absent = !conversation.messages.some((m) => m.id === payload.messageId)
    if (absent && finished.has(payload.messageId)) continue
    applyChatEvent(conversation, payload)
  }
}

/**
 * The recent events of each conversation a window follows, so an answer of `chat:get-conversation`
 * that left main before some of them (and replaced the copy they were applied to) gets them again.
 */
export class RecentChatEvents {
  private readonly byConversation = new Map<string, ChatEventPayload[]>()

  constructor(private readonly limit = 5000) {}

  add(payload: ChatEventPayload): void {
    const list = this.byConversation.get(payload.conversationId) ?? []
    list.push(payload)
    if (list.length > this.limit) list.splice(0, list.length - this.limit)
    this.byConversation.set(payload.conversationId, list)
  }

  of(conversationId: string): readonly ChatEventPayload[] {
    return this.byConversation.get(conversationId) ?? []
  }

  /** Keeps only the events of messages `live` says are still running (the rest is stored in main). */
  keepOnly(conversationId: string, live: (messageId: string) => boolean): void {
    const list = this.byConversation.get(conversationId)
    if (list) this.byConversation.set(conversationId, list.filter((p) => live(p.messageId)))
  }

  forget(conversationId: string): void {
    this.byConversation.delete(conversationId)
  }
}
