import { randomUUID } from 'node:crypto'
import type { ApprovalDecision, ChatApprovalRequest } from '@shared/chat/events'
import type { Platform } from '../../platform/Platform'

interface Waiting {
  request: ChatApprovalRequest
  answer: (decision: ApprovalDecision) => void
}

/**
 * Tool calls waiting for the user's yes or no, across every window: the first answer wins and
 * every window is told the question is over. What the user allowed "for this chat" is kept in
 * memory per conversation (it ends when the app does).
 */
export class ChatApprovals {
  private readonly waiting = new Map<string, Waiting>()
  private readonly allowed = new Map<string, Set<string>>()

  constructor(private readonly emit: Platform['emit']) {}

  /** Asks every window; a stopped turn (the signal) ends the question as a denial. */
  ask(request: Omit<ChatApprovalRequest, 'requestId'>, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.resolve('deny')
    const requestId = randomUUID()
    return new Promise((resolve) => {
      const onAbort = () => this.end(requestId, 'deny')
      this.waiting.set(requestId, {
        request: { ...request, requestId },
        answer: (decision) => {
          signal.removeEventListener('abort', onAbort)
          resolve(decision)
        }
      })
      signal.addEventListener('abort', onAbort, { once: true })
      this.emit('chat:approval-request', { ...request, requestId })
    })
  }

  /** false when the request is no longer waiting (answered elsewhere, or its turn ended). */
  respond(requestId: string, decision: ApprovalDecision): boolean {
    return this.end(requestId, decision)
  }

  pending(): ChatApprovalRequest[] {
    return [...this.waiting.values()].map((w) => w.request)
  }

  allowedInChat(conversationId: string, functionId: string): boolean {
    return this.allowed.get(conversationId)?.has(functionId) ?? false
  }

  allowInChat(conversationId: string, functionId: string): void {
    let set = this.allowed.get(conversationId)
    if (!set) this.allowed.set(conversationId, (set = new Set()))
    set.add(functionId)
  }

  /** A deleted conversation: its questions end, its permissions are forgotten. */
  forget(conversationId: string): void {
    for (const [requestId, w] of this.waiting) if (w.request.conversationId === conversationId) this.end(requestId, 'deny')
    this.allowed.delete(conversationId)
  }

  private end(requestId: string, decision: ApprovalDecision): boolean {
    const w = this.waiting.get(requestId)
    if (!w) return false
    this.waiting.delete(requestId)
    this.emit('chat:approval-done', { requestId })
    w.answer(decision)
    return true
  }
}
