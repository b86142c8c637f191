import { describe, expect, it } from 'vitest'
import type { AssistantMessage } from '@shared/chat/conversations'
import type { ChatEventPayload } from '@shared/chat/events'
import { LiveMessage } from '../../../src/main/services/chat/liveMessage'

// What a window receives while a model writes: the first words at once, a fast stream joined.
function turnMessage() {
  const sent: ChatEventPayload[] = []
  const message: AssistantMessage = { id: 'm1', role: 'assistant', parts: [], model: { providerId: 'p', model: 'm' }, at: 0 }
  const live = new LiveMessage(message, 'c1', (payload) => sent.push(payload))
  const texts = () => sent.flatMap((p) => (p.event.type === 'text' ? [p.event.text] : []))
  return { live, sent, texts }
}

describe('the live message of a running turn', () => {
  it('sends the first text at once, joins a burst that follows, and loses nothing', () => {
    const { live, texts } = turnMessage()
    live.start()
    live.text('Hello')
    // the first words are on the page before the model writes more
    expect(texts()).toEqual(['Hello'])
    for (let i = 0; i < 1000; i++) live.text(' x')
    // a thousand deltas at once are not a thousand events
    expect(texts()).toEqual(['Hello'])
    const done = live.finish({})
    expect(texts()).toEqual(['Hello', ' x'.repeat(1000)])
    expect(done.parts).toEqual([{ type: 'text', text: `Hello${' x'.repeat(1000)}` }])
  })

  it('numbers every event from 1 without a gap', () => {
    const { live, sent } = turnMessage()
    live.start()
    live.text('a')
    live.call({ toolCallId: 't1', id: 'srv__tool', serverId: 's', server: 'srv', tool: 'tool', input: {}, status: 'running' })
    live.text('b')
    live.done(live.finish({}))
    expect(sent.map((p) => p.seq)).toEqual(sent.map((_, i) => i + 1))
  })
  it('after done, a window that reads the conversation gets the finished message, not a running copy', () => {
    const { live } = turnMessage()
    live.start()
    live.text('answer')
    expect(live.snapshot()).toMatchObject({ running: true, seq: 2 })
    const done = live.finish({})
    live.done(done)
    expect(live.snapshot()).toEqual(done)
    expect(live.snapshot()).not.toHaveProperty('running')
  })
})
