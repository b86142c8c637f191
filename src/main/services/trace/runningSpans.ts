import type { LazySpan } from './LazySpan'

/**
 * The spans still running, per server (where its log lines and requests belong) and per call id
 * (where its progress and cancel belong). A server's list stays once made (a few servers), and
 * is an array, oldest first: a handful run at once, where a Set would hash every span.
 */
export class RunningSpans {
  private readonly byServer = new Map<string, LazySpan[]>()
  private readonly byCall = new Map<string, LazySpan>()

  /** The newest running span of a server: where its log lines and requests belong. */
  newest(serverId: string): LazySpan | undefined {
    return this.byServer.get(serverId)?.at(-1)
  }

  /** The running span of a tool call, by the call id it was given. */
  call(callId: string): LazySpan | undefined {
    return this.byCall.get(callId)
  }

  add(span: LazySpan): void {
    const spans = this.byServer.get(span.serverId)
    if (spans) spans.push(span)
    else this.byServer.set(span.serverId, [span])
    if (span.callId) this.byCall.set(span.callId, span)
  }

  delete(span: LazySpan): void {
    const spans = this.byServer.get(span.serverId) ?? []
    // mostly the newest, or the only one
    const at = spans.lastIndexOf(span)
    if (at >= 0 && at === spans.length - 1) spans.pop()
    else if (at >= 0) spans.splice(at, 1)
    if (span.callId && this.byCall.get(span.callId) === span) this.byCall.delete(span.callId)
  }
}
