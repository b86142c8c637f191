import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ServerLogWriter } from './serverLogs'

/** A server's own log lines (notifications/message) taken per second; the rest are counted, not handled. */
export const LOG_LINES_PER_SECOND = 1000
/** how often what was dropped is said */
const REPORT_MS = 1000
/**
 * The share is given out per tenth of a second, so a burst is at most a tenth of it: the log's
 * batches (the newest 200 per push) then lose none of what was taken, nor the count line.
 */
const SLOTS_PER_SECOND = 10

const count = (n: number) => n.toLocaleString('en-US')

/** The line that says how many log lines a second's flood cost. */
export function droppedLogLinesMessage(dropped: number, limit = LOG_LINES_PER_SECOND): string {
  return `${count(dropped)} log line${dropped === 1 ? '' : 's'} dropped (the server sent more than ${count(limit)} a second)`
}

/**
 * Keeps a server's chatter from starving its replies: log notifications past `limit` a second are
 * dropped before the SDK, the Messages tab or the log see them (each would cost a schema parse, a
 * handler and an entry), and each second that dropped some says how many in one warning line.
 * Every other message (replies, progress, requests) always passes.
 */
export class LogFloodGate {
  private slotStart = 0
  private taken = 0
  private reportStart = 0
  private dropped = 0
  private timer: NodeJS.Timeout | undefined
  private readonly perSlot: number

  constructor(
    private readonly log: ServerLogWriter,
    private readonly limit = LOG_LINES_PER_SECOND
  ) {
    this.perSlot = Math.max(1, Math.floor(limit / SLOTS_PER_SECOND))
  }

  /** false: drop this message (call once per message) */
  admit(message: unknown): boolean {
    if (!isLogNotification(message)) return true
    const now = Date.now()
    if (now - this.reportStart >= REPORT_MS) {
      this.report()
      this.reportStart = now
    }
    if (now - this.slotStart >= REPORT_MS / SLOTS_PER_SECOND) {
      this.slotStart = now
      this.taken = 0
    }
    if (this.taken < this.perSlot) {
      this.taken++
      return true
    }
    if (this.dropped++ === 0) {
      // said when the second ends, even if the flood stops within it
      this.timer = setTimeout(() => this.report(), this.reportStart + REPORT_MS - now)
      this.timer.unref()
    }
    return false
  }

  /** Says what was dropped and not said yet (at the end of a second, or when the connection closes). */
  report(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.dropped === 0) return
    const dropped = this.dropped
    this.dropped = 0
    this.log('warning', droppedLogLinesMessage(dropped, this.limit))
  }
}

function isLogNotification(message: unknown): boolean {
  const m = message as { method?: unknown; id?: unknown }
  return m.method === 'notifications/message' && m.id === undefined
}

/**
 * Puts the gate in front of whatever handler is set on the transport (the message tap, then the
 * SDK's dispatch wrapping it), so a dropped line reaches none of them. Install before either is set.
 */
export function gateTransport(transport: Transport, gate: LogFloodGate): void {
  let gated: Transport['onmessage']
  // the SDK wraps the handler it finds (the tap's gated one) in its own, gated again: the second
  // look at the same message gets the first answer, so each message is counted once
  let last: unknown
  let lastAdmitted = true
  const admit = (message: unknown) => {
    if (message !== last) {
      last = message
      lastAdmitted = gate.admit(message)
    }
    return lastAdmitted
  }
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => gated,
    set: (next: Transport['onmessage']) => {
      gated = next && ((message, extra) => void (admit(message) && next(message, extra)))
    }
  })
}
