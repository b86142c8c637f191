import type { McpEventBus } from '../mcp/events'
import type { ActiveSpans } from './instrumentMcp'
import type { Tracing } from './Tracing'

const MAX_EVENT_TEXT = 1000

/**
 * What a server does during an operation, as events of its span: progress by call id, log
 * lines and requests (elicitation, sampling) on the newest running span of that server.
 */
export function watchServerEvents(bus: McpEventBus, tracing: Tracing, active: ActiveSpans): void {
  const requests = new Map<string, ReturnType<ActiveSpans['newest']>>()
  bus.on('progress', ({ callId, progress, total, message, task }) => {
    const span = active.byCall.get(callId)
    if (!span) return
    const attributes: Record<string, string | number> = { progress }
    if (total !== undefined) attributes.total = total
    if (message) attributes.message = message.slice(0, MAX_EVENT_TEXT)
    if (task) attributes['task.status'] = task.status
    tracing.addEvent(span, 'progress', attributes)
  })
  bus.on('server-log', ({ serverId, entries }) => {
    const span = active.newest(serverId)
    if (!span) return
    for (const entry of entries) {
      const attributes: Record<string, string> = { level: entry.level, message: entry.message.slice(0, MAX_EVENT_TEXT) }
      if (entry.source) attributes.source = entry.source
      tracing.addEvent(span, 'log', attributes, entry.timestamp)
    }
  })
  const request = (kind: 'elicitation' | 'sampling') => (event: { requestId: string; serverId: string }) => {
    const span = active.newest(event.serverId)
    if (!span) return
    requests.set(event.requestId, span)
    tracing.addEvent(span, kind, { 'request.id': event.requestId })
  }
  bus.on('elicitation-request', request('elicitation'))
  bus.on('sampling-request', request('sampling'))
  bus.on('client-request-done', ({ requestId, outcome }) => {
    const span = requests.get(requestId)
    requests.delete(requestId)
    if (span) tracing.addEvent(span, 'request-done', { 'request.id': requestId, outcome })
  })
}
