import type { AssistantMessage, ChatToolCallView, ChatUsage } from '@shared/chat/conversations'
import type { ChatEventPayload, ChatStreamEvent } from '@shared/chat/events'

/**
 * Text deltas are sent at most this often per turn, joined: a fast model cannot flood the windows.
 * The first delta after a quiet spell goes at once, so batching never delays the first token.
 */
export const TEXT_BATCH_MS = 40

/**
 * The assistant message of a running turn as the windows see it: every change is one numbered
 * `chat:event`, and the copy `snapshot()` gives is exactly the message after the last one sent,
 * so a window that loads mid-turn applies only what comes after.
 */
export class LiveMessage {
  private seq = 0
  private pendingText = ''
  private timer: ReturnType<typeof setTimeout> | undefined
  /** when text was last sent (performance.now()) */
  private textSentAt = -Infinity
  /** the message as `done` sent it */
  private finished: AssistantMessage | undefined

  constructor(
    private readonly message: AssistantMessage,
    private readonly conversationId: string,
    private readonly send: (payload: ChatEventPayload) => void
  ) {}

  get id(): string {
    return this.message.id
  }

  start(): void {
    // the message as of this very event
    this.emit({ type: 'start', message: { ...this.snapshot(), seq: this.seq + 1 } })
  }

  text(delta: string): void {
    this.pendingText += delta
    if (this.timer) return
    const wait = this.textSentAt + TEXT_BATCH_MS - performance.now()
    if (wait <= 0) return this.flush()
    this.timer = setTimeout(() => this.flush(), wait)
    this.timer.unref?.()
  }

  /** A call appeared or changed: it replaces the part with its toolCallId, or is added after the text so far. */
  call(view: ChatToolCallView): void {
    this.flush()
    const parts = this.message.parts
    const at = parts.findIndex((p) => p.type === 'tool' && p.call.toolCallId === view.toolCallId)
    if (at >= 0) parts[at] = { type: 'tool', call: view }
    else parts.push({ type: 'tool', call: view })
    this.emit({ type: 'tool', call: structuredClone(view) })
  }

  findCall(toolCallId: string): ChatToolCallView | undefined {
    for (const p of this.message.parts) if (p.type === 'tool' && p.call.toolCallId === toolCallId) return p.call
    return undefined
  }

  usage(usage: ChatUsage): void {
    this.flush()
    this.message.usage = usage
    this.emit({ type: 'usage', usage })
  }

  /** What the windows have been sent so far, as one message; once done, the finished message. */
  snapshot(): AssistantMessage {
    if (this.finished) return structuredClone(this.finished)
    this.flush()
    return { ...structuredClone(this.message), running: true, seq: this.seq }
  }

  /** The turn is over: calls still waiting or running end as stopped; the message as it will be stored. */
  finish(end: Pick<AssistantMessage, 'stopped' | 'error' | 'stepLimit'>): AssistantMessage {
    this.flush()
    for (const p of this.message.parts) if (p.type === 'tool' && (p.call.status === 'waiting' || p.call.status === 'running')) p.call.status = 'stopped'
    const done: AssistantMessage = { ...structuredClone(this.message), ...end }
    delete done.running
    delete done.seq
    return done
  }

  done(message: AssistantMessage): void {
    this.finished = message
    this.emit({ type: 'done', message })
  }

  /** The text said so far, for the model's history of a stopped turn. */
  textSoFar(): string {
    this.flush()
    return this.message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (!this.pendingText) return
    const text = this.pendingText
    this.pendingText = ''
    const last = this.message.parts.at(-1)
    if (last?.type === 'text') last.text += text
    else this.message.parts.push({ type: 'text', text })
    this.textSentAt = performance.now()
    this.emit({ type: 'text', text })
  }

  private emit(event: ChatStreamEvent): void {
    this.send({ conversationId: this.conversationId, messageId: this.message.id, seq: ++this.seq, event })
  }
}
