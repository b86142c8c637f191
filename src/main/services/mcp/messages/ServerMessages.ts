import { MESSAGES_PER_SERVER, type McpMessageEntry } from '@shared/mcp/messages'
import { redactSensitive, redactText, truncate } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import type { McpEmit } from '../events'
import { BatchedServerRing } from '../BatchedServerRing'
import { createMessageTap, type MessageTap, type RawMessage } from './messageTap'

/** strings in a body are cut here, like a log line */
const MAX_STRING = 2000
/** JSON schemas in tools/list nest deep; the redactor's default would hide them */
const MAX_DEPTH = 48

/**
 * Every JSON-RPC message of each server: the last 1,000 per server, kept by server id so a
 * restart or a crash does not lose them, pushed to the windows in batches like the log. Entries
 * are recorded raw on the hot path and redacted (with the server's secret values) once, when they
 * are pushed or read; a flood keeps, and redacts, only the newest per flush.
 */
export class ServerMessages {
  private readonly ring: BatchedServerRing<RawMessage, McpMessageEntry>
  private seq = 0
  private readonly nextSeq = () => ++this.seq

  constructor(emit: McpEmit, maxEntries = MESSAGES_PER_SERVER) {
    this.ring = new BatchedServerRing({
      maxEntries,
      redact: redactMessage,
      send: (serverId, entries) => emit('messages', { serverId, entries })
    })
  }

  /**
   * The tap of one connection of a server. `started` is the server as started (placeholders
   * filled in): the secret values that brought in are redacted too.
   */
  tap(server: McpServer, started?: McpServer): MessageTap {
    const secrets = serverSecretValues(server, started)
    return createMessageTap((raw) => this.ring.append(server.id, raw), this.nextSeq, secrets)
  }

  /** A server's messages, oldest first, after a restart or a crash too. */
  get(serverId: string): McpMessageEntry[] {
    return this.ring.get(serverId)
  }

  /** Forgets a server's messages (the Clear button, or the server removed). */
  clear(serverId: string): void {
    this.ring.remove(serverId)
  }

  /** Sends whatever is queued now (on a status change and on close, so a dying server's last words arrive). */
  flush(): void {
    this.ring.flush()
  }
}

/** The entry as it may leave (made once, by the ring); then the raw message is let go (it may be megabytes). */
function redactMessage(raw: RawMessage): McpMessageEntry {
  const { secrets, method, id } = raw
  // the facts by name: the raw entry also holds the secrets, which must not leave
  const body = redactSensitive(raw.message, { secrets, maxString: MAX_STRING, maxDepth: MAX_DEPTH })
  const entry: McpMessageEntry = { seq: raw.seq, time: raw.time, direction: raw.direction, kind: raw.kind, body }
  if (raw.durationMs !== undefined) entry.durationMs = raw.durationMs
  // a method name and a string id are the sender's choice of text: they could carry anything
  if (method !== undefined) entry.method = truncate(redactText(method, { secrets }), 200)
  if (id !== undefined) entry.id = typeof id === 'string' ? truncate(redactText(id, { secrets }), 200) : id
  raw.message = undefined
  return entry
}
