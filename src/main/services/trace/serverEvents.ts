import type { McpEventBus } from '../mcp/events'
import type { LogLineWatcher } from '../mcp/serverLogs'
import { HOST_LOG_SOURCE } from '../mcp/toolCallLog'
import type { RunningSpans } from './runningSpans'

const MAX_EVENT_TEXT = 1000
/** log lines kept on one span; a flooding server's further lines are only counted */
export const MAX_LOG_EVENTS = 100

/**
 * What a server does during an operation, as events of its span: progress by call id, and
 * requests (elicitation, sampling) on the newest running span of that server.
 */
export function watchServerEvents(bus: McpEventBus, running: RunningSpans): void {
  const requests = new Map<string, ReturnType<RunningSpans['newest']>>()
  bus.on('progress', ({ callId, progress, total, message, task }) => {
    const span = running.call(callId)
    if (!span) return
    const attributes: Record<string, string | number> = { progress }
    if (total !== undefined) attributes.total = total
    if (message) attributes.message = message.slice(0, MAX_EVENT_TEXT)
    if (task) attributes['task.status'] = task.status
    span.addEvent('progress', attributes)
  })
  const request = (kind: 'elicitation' | 'sampling') => (event: { requestId: string; serverId: string }) => {
    const span = running.newest(event.serverId)
    if (!span) return
    requests.set(event.requestId, span)
    span.addEvent(kind, { 'request.id': event.requestId })
  }
  bus.on('elicitation-request', request('elicitation'))
  bus.on('sampling-request', request('sampling'))
  bus.on('client-request-done', ({ requestId, outcome }) => {
    const span = requests.get(requestId)
    requests.delete(requestId)
    if (span) span.addEvent('request-done', { 'request.id': requestId, outcome })
  })
}

/**
 * A server's log lines as events of its newest running span. They are seen as they are written
 * (not per pushed batch), so each lands on the span running when it was written and no span end
 * has to flush the log.
 */
export function logLineEvents(running: RunningSpans): LogLineWatcher {
  const logged = new WeakMap<object, number>()
  return (serverId, line) => {
    // the host's own lines (a call's outcome, a start) repeat what the span already says
    if (line.source === HOST_LOG_SOURCE) return
    const span = running.newest(serverId)
    if (!span) return
    const count = (logged.get(span) ?? 0) + 1
    logged.set(span, count)
    if (count > MAX_LOG_EVENTS) {
      span.setAttribute('mcp.log.dropped', count - MAX_LOG_EVENTS)
      return
    }
    const entry = line.read()
    const attributes: Record<string, string> = { level: entry.level, message: entry.message.slice(0, MAX_EVENT_TEXT) }
    if (entry.source) attributes.source = entry.source
    span.addEvent('log', attributes, entry.timestamp)
  }
}
