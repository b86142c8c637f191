import type { ServerLogEntry, ServerLogLevel } from '@shared/mcp/logs'
import { redactSensitive, redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import type { McpEmit } from './events'
import { BatchedServerRing } from './BatchedServerRing'

const MAX_MESSAGE = 2000
const FLUSH_MS = 50

/** An entry as written: its message not yet redacted. Never leaves this file. */
interface RawEntry {
  entry: ServerLogEntry
  secrets: readonly string[]
  /** characters cut off the raw message to bound memory, still counted in `…<N more>` */
  cut: number
  /** the redacted entry, made the first time anyone reads this one */
  redacted?: ServerLogEntry
}

/**
 * The server log as the rest of the host writes it: kept in a ring buffer per server and
 * pushed to the renderer in batches, so a flooding server costs one IPC message per flush, not
 * one per line. Every entry is redacted (with the server's own secret env/header values)
 * before anything outside this class sees it, but lazily: a flood of 100 000 lines a second keeps
 * only the newest 200 per flush, so only those are worth redacting.
 */
export class ServerLogs {
  private readonly ring: BatchedServerRing<RawEntry, ServerLogEntry>
  private readonly watchers = new Set<LogLineWatcher>()

  constructor(emit: McpEmit, maxEntries = 200) {
    this.ring = new BatchedServerRing({
      maxEntries,
      flushMs: FLUSH_MS,
      toOut: redactedCopy,
      send: (serverId, entries) => emit('server-log', { serverId, entries })
    })
  }

  /**
   * A writer bound to one server, for transports and the resolver. `started` is the server as
   * started (placeholders filled in): the secret values that brought in are redacted too.
   */
  writer(server: McpServer, source?: string, started?: McpServer): ServerLogWriter {
    const secrets = serverSecretValues(server, started)
    // a raw message is cut only past the longest secret, so no secret is left half-visible
    const keep = MAX_MESSAGE + Math.max(0, ...secrets.map((s) => s.length))
    return (level, message, data) => {
      const cut = Math.max(0, message.length - keep)
      const entry: ServerLogEntry = { timestamp: Date.now(), level, message: cut ? message.slice(0, keep) : message }
      // data (log notifications) may be changed by its owner later: redacted now; a trace link
      // is the host's own hex id, with nothing to redact
      if (data instanceof TraceLink) entry.data = { traceId: data.traceId }
      else if (data !== undefined) entry.data = redactSensitive(data, { secrets })
      if (source) entry.source = source
      const raw: RawEntry = { entry, secrets, cut }
      this.ring.append(server.id, raw)
      if (!this.watchers.size) return
      const line = new WrittenLogLine(source, raw)
      for (const watcher of this.watchers) watcher(server.id, line)
    }
  }

  /**
   * Sees every line as it is written (tracing puts it on the span running then), without
   * waiting for a batch; `read` redacts it once, for this and the push alike. Returns the undo.
   */
  watch(watcher: LogLineWatcher): () => void {
    this.watchers.add(watcher)
    return () => void this.watchers.delete(watcher)
  }

  /** The log of a server, under its current config and any earlier one: it is kept by id. */
  get(serverId: string): ServerLogEntry[] {
    return this.ring.get(serverId)
  }

  remove(serverId: string): void {
    this.ring.remove(serverId)
  }

  /** Sends whatever is queued now (on close, so the last lines of a dying server arrive). */
  flush(): void {
    this.ring.flush()
  }
}

/** The entry as it may leave: redacted once, then copied, so no reader can change it for the next. */
function redactedCopy(raw: RawEntry): ServerLogEntry {
  if (!raw.redacted) {
    const message = redactText(raw.entry.message, { secrets: raw.secrets })
    const more = message.length - MAX_MESSAGE + raw.cut
    raw.redacted = { ...raw.entry, message: more > 0 ? `${message.slice(0, MAX_MESSAGE)}…<${more} more>` : message }
  }
  return { ...raw.redacted }
}

/** The trace a host line belongs to, so the Logs tab can open it (`data.traceId`). */
export class TraceLink {
  constructor(readonly traceId: string) {}
}

/** A line as it is written: who wrote it, and the redacted entry when asked for. */
export class WrittenLogLine {
  constructor(
    readonly source: string | undefined,
    private readonly raw: RawEntry
  ) {}

  read(): ServerLogEntry {
    return redactedCopy(this.raw)
  }
}

export type LogLineWatcher = (serverId: string, line: WrittenLogLine) => void

export type ServerLogWriter = (level: ServerLogLevel, message: string, data?: unknown) => void
