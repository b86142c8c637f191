import type { LazySpan } from './LazySpan'

/**
 * The spans still running, per server (where its log lines and requests belong) and per call id
 * (where its progress and cancel belong). A server's set stays once made: a few servers, and no
 * new Set for every call.
 */
export class RunningSpans {
  private readonly byServer = new Map<string, Set<LazySpan>>()
  private readonly byCall = new Map<string, LazySpan>()

  /** The newest running span of a server: where its log lines and requests belong. */
  newest(serverId: string): LazySpan | undefined {
    const spans = this.byServer.get(serverId)
    if (!spans?.size) return undefined
    let last: LazySpan | undefined
    for (const span of spans) last = span
    return last
  }

  /** The running span of a tool call, by the call id it was given. */
  call(callId: string): LazySpan | undefined {
    return this.byCall.get(callId)
  }

  add(span: LazySpan): void {
    let spans = this.byServer.get(span.serverId)
    if (!spans) this.byServer.set(span.serverId, (spans = new Set()))
    spans.add(span)
    if (span.callId) this.byCall.set(span.callId, span)
  }

  delete(span: LazySpan): void {
    this.byServer.get(span.serverId)?.delete(span)
    if (span.callId && this.byCall.get(span.callId) === span) this.byCall.delete(span.callId)
  }
}
