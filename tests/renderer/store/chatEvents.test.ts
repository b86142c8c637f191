import { describe, expect, it } from 'vitest'
import type { AssistantMessage, ChatToolCallView, Conversation } from '@shared/chat/conversations'
import type { ChatEventPayload, ChatStreamEvent } from '@shared/chat/events'
import { applyChatEvent, RecentChatEvents, replayChatEvents } from '@renderer/store/chatEvents'

const model = { providerId: 'p', model: 'm' }
const conversation = (messages: Conversation['messages'] = []): Conversation => ({
  id: 'c1',
  title: 'Chat',
  createdAt: 1,
  updatedAt: 1,
  tools: { disabledTools: [] },
  messages: [{ id: 'u1', role: 'user', text: 'hi', at: 1 }, ...messages]
})
const started: AssistantMessage = { id: 'a1', role: 'assistant', parts: [], model, at: 2, running: true, seq: 1 }
const ev = (seq: number, event: ChatStreamEvent, messageId = 'a1'): ChatEventPayload => ({ conversationId: 'c1', messageId, seq, event })
const call = (status: ChatToolCallView['status']): ChatToolCallView => ({ toolCallId: 't1', id: 'mcp__s__add', serverId: 's', server: 's', tool: 'add', input: { a: 1 }, status })
const assistant = (c: Conversation) => c.messages.find((m) => m.id === 'a1') as AssistantMessage

describe('applyChatEvent', () => {
  it('builds the answer from start, text, tool, usage and done, in order', () => {
    const c = conversation()
    applyChatEvent(c, ev(1, { type: 'start', message: started }))
    applyChatEvent(c, ev(2, { type: 'text', text: 'Let me ' }))
    applyChatEvent(c, ev(3, { type: 'text', text: 'add.' }))
    applyChatEvent(c, ev(4, { type: 'tool', call: call('waiting') }))
    applyChatEvent(c, ev(5, { type: 'tool', call: call('ok') }))
    applyChatEvent(c, ev(6, { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } }))
    expect(assistant(c).parts).toEqual([{ type: 'text', text: 'Let me add.' }, { type: 'tool', call: call('ok') }])
    expect(assistant(c).usage).toEqual({ inputTokens: 3, outputTokens: 2 })
    expect(assistant(c).seq).toBe(6)
    const stored: AssistantMessage = { ...assistant(c), running: undefined, seq: undefined }
    applyChatEvent(c, ev(7, { type: 'done', message: stored }))
    expect(assistant(c)).toEqual(stored)
  })

  it('takes only events after the seq the copy was read at, and none on a stored message', () => {
    const c = conversation([{ ...started, parts: [{ type: 'text', text: 'ab' }], seq: 3 }])
    applyChatEvent(c, ev(2, { type: 'text', text: 'b' }))
    applyChatEvent(c, ev(3, { type: 'text', text: 'b' }))
    applyChatEvent(c, ev(4, { type: 'text', text: 'c' }))
    expect(assistant(c).parts).toEqual([{ type: 'text', text: 'abc' }])
    // the same event twice changes nothing
    applyChatEvent(c, ev(4, { type: 'text', text: 'c' }))
    expect(assistant(c).parts).toEqual([{ type: 'text', text: 'abc' }])
    const done = conversation([{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'final' }], model, at: 2 }])
    applyChatEvent(done, ev(9, { type: 'text', text: ' more' }))
    expect(assistant(done).parts).toEqual([{ type: 'text', text: 'final' }])
  })
})

describe('replayChatEvents', () => {
  it('gives an answer that raced some events what it missed, and keeps out a finished turn it no longer has', () => {
    const recent = new RecentChatEvents()
    const old: AssistantMessage = { id: 'old', role: 'assistant', parts: [], model, at: 2, running: true, seq: 1 }
    const events = [
      ev(1, { type: 'start', message: { ...old, seq: 1 } }, 'old'),
      ev(2, { type: 'done', message: { ...old, running: undefined, seq: undefined, error: { kind: 'provider', message: '404', status: 404 } } }, 'old'),
      ev(1, { type: 'start', message: started }),
      ev(2, { type: 'text', text: 'new' })
    ]
    events.forEach((e) => recent.add(e))
    // main's answer after Retry: the old answer gone, the new one read at its start
    const c = conversation([structuredClone(started)])
    replayChatEvents(c, recent.of('c1'))
    expect(c.messages.map((m) => m.id)).toEqual(['u1', 'a1'])
    expect(assistant(c).parts).toEqual([{ type: 'text', text: 'new' }])
    recent.keepOnly('c1', (id) => id === 'a1')
    expect(recent.of('c1').map((e) => e.messageId)).toEqual(['a1', 'a1'])
  })

  it('adds a turn that started after the answer left main', () => {
    const c = conversation()
    replayChatEvents(c, [ev(1, { type: 'start', message: started }), ev(2, { type: 'text', text: 'hi' })])
    expect(assistant(c).parts).toEqual([{ type: 'text', text: 'hi' }])
  })
})
