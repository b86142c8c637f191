import type { LazySpan } from './LazySpan'

/**
 * The spans running now, oldest first: where a server's log lines and requests belong (its
 * newest) and where a call's progress and cancel belong (by call id). One array searched from
 * the end: a handful run at once, and a call pays a push and a pop, not a map's hashing.
 */
export class RunningSpans {
  private readonly spans: LazySpan[] = []

  /** The newest running span of a server: where its log lines and requests belong. */
  newest(serverId: string): LazySpan | undefined {
    for (let i = this.spans.length - 1; i >= 0; i--) if (this.spans[i].serverId === serverId) return this.spans[i]
    return undefined
  }

  /** The newest running span of a server's `operation` (its sign-in, where the sign-in's steps belong). */
  newestOf(serverId: string, operation: string): LazySpan | undefined {
    for (let i = this.spans.length - 1; i >= 0; i--) if (this.spans[i].serverId === serverId && this.spans[i].operation === operation) return this.spans[i]
    return undefined
  }

  /** The running span of a tool call, by the call id it was given. */
  call(callId: string): LazySpan | undefined {
    for (let i = this.spans.length - 1; i >= 0; i--) if (this.spans[i].callId === callId) return this.spans[i]
    return undefined
  }

  add(span: LazySpan): void {
    this.spans.push(span)
  }

  delete(span: LazySpan): void {
    // mostly the newest, or the only one
    const at = this.spans.lastIndexOf(span)
    if (at === this.spans.length - 1) this.spans.pop()
    else if (at >= 0) this.spans.splice(at, 1)
  }
}
