import type { ServerLogEntry, ServerLogLevel } from '@shared/mcp/logs'
import { redactSensitive, redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { McpServer } from '@shared/mcp/server'
import type { McpEmit } from './events'
import { BatchedServerRing, readRedacted, type Redactable } from './BatchedServerRing'

const MAX_MESSAGE = 2000

/**
 * The server log as the rest of the host writes it: kept in a ring buffer per server and
 * pushed to the renderer in batches, so a flooding server costs one IPC message per flush, not
 * one per line. Every entry is redacted (with the server's own secret env/header values)
 * before anything outside this class sees it, but lazily: a flood of 100 000 lines a second keeps
 * only the newest 200 per flush, so only those are worth redacting.
 */
export class ServerLogs {
  private readonly ring: BatchedServerRing<WrittenLogLine, ServerLogEntry>
  private readonly watchers = new Set<LogLineWatcher>()

  constructor(emit: McpEmit, maxEntries = 200) {
    this.ring = new BatchedServerRing({
      maxEntries,
      redact: WrittenLogLine.redact,
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
      // one object per line, in the ring and for the watchers alike
      const line = new WrittenLogLine(source, entry, secrets, cut)
      this.ring.append(server.id, line)
      if (!this.watchers.size) return
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

/** The trace a host line belongs to, so the Logs tab can open it (`data.traceId`). */
export class TraceLink {
  constructor(readonly traceId: string) {}
}

/**
 * A line as it is written: who wrote it, and its entry, redacted the first time anyone reads it
 * (a watcher or the push), then only copied. The raw entry and the secrets stay private.
 */
export class WrittenLogLine implements Redactable<ServerLogEntry> {
  redacted: ServerLogEntry | undefined = undefined

  constructor(
    readonly source: string | undefined,
    private readonly entry: ServerLogEntry,
    private readonly secrets: readonly string[],
    /** characters cut off the raw message to bound memory, still counted in `…<N more>` */
    private readonly cut: number
  ) {}

  /** The entry as it may leave: its message redacted, then cut to MAX_MESSAGE with the rest counted. */
  static redact(line: WrittenLogLine): ServerLogEntry {
    const message = redactText(line.entry.message, { secrets: line.secrets })
    const more = message.length - MAX_MESSAGE + line.cut
    return { ...line.entry, message: more > 0 ? `${message.slice(0, MAX_MESSAGE)}…<${more} more>` : message }
  }

  read(): ServerLogEntry {
    return readRedacted(this, WrittenLogLine.redact)
  }
}

export type LogLineWatcher = (serverId: string, line: WrittenLogLine) => void

export type ServerLogWriter = (level: ServerLogLevel, message: string, data?: unknown) => void
