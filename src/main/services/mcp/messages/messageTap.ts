import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js'
import type { McpMessageDirection, McpMessageEntry, McpMessageKind } from '@shared/mcp/messages'

/**
 * A message as the tap records it: cheap facts only. The message itself is kept by reference and
 * redacted later, once, when the entry is pushed or read (ServerMessages).
 */
export interface RawMessage {
  seq: number
  time: number
  direction: McpMessageDirection
  kind: McpMessageKind
  method?: string
  id?: RequestId
  durationMs?: number
  /** the message as sent or received; dropped once the redacted copy is made */
  message?: JSONRPCMessage
  /** the server's secret values, to redact it with */
  secrets: readonly string[]
  /** the entry as it may leave, made the first time it is pushed or read */
  redacted?: McpMessageEntry
}

/** Records one message of a connection; returns when it did (Date.now), for "last heard". */
export type MessageTap = (direction: McpMessageDirection, message: JSONRPCMessage) => number

interface Asked {
  method: string
  at: number
}

/** Requests never answered (cancelled, timed out) must not pile up for a connection's lifetime. */
const MAX_UNANSWERED = 1000

/**
 * The tap of one connection, on the hot path of every call: it classifies by property checks
 * (no schema parse), matches a response to its request by id (ids are per direction and per
 * connection), and hands the entry on. Nothing here copies or walks the message.
 */
export function createMessageTap(record: (raw: RawMessage) => void, nextSeq: () => number, secrets: readonly string[]): MessageTap {
  // requests the host sent, and those the server sent (sampling, elicitation, roots, ping)
  const ours = new Map<RequestId, Asked>()
  const theirs = new Map<RequestId, Asked>()
  return (direction, message) => {
    const time = Date.now()
    const at = performance.now()
    const raw: RawMessage = { seq: nextSeq(), time, direction, kind: 'notification', message, secrets }
    if ('method' in message) {
      raw.method = message.method
      if ('id' in message) {
        raw.kind = 'request'
        raw.id = message.id
        remember(direction === 'out' ? ours : theirs, message.id, { method: message.method, at })
      }
    } else {
      raw.kind = 'error' in message ? 'error' : 'response'
      const id = (message as { id?: RequestId }).id
      if (id !== undefined) {
        raw.id = id
        // a response answers a request that went the other way
        const asked = direction === 'in' ? ours : theirs
        const request = asked.get(id)
        if (request) {
          asked.delete(id)
          raw.method = request.method
          raw.durationMs = Math.round((at - request.at) * 10) / 10
        }
      }
    }
    record(raw)
    return time
  }
}

function remember(requests: Map<RequestId, Asked>, id: RequestId, asked: Asked): void {
  if (requests.size >= MAX_UNANSWERED) {
    // Maps iterate in insertion order: the first key is the oldest request still unanswered
    const oldest = requests.keys().next()
    if (!oldest.done) requests.delete(oldest.value)
  }
  requests.set(id, asked)
}
