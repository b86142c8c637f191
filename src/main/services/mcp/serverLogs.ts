import { IpcEvent } from '@shared/ipc/IpcChannel'
import type { ServerLogEntry, ServerLogLevel } from '@shared/mcp/logs'
import { redactSensitive, redactText, secretValuesOf, truncate } from '@shared/mcp/redact'
import type { McpServer } from '@shared/mcp/server'
import { getServerKey } from '@shared/mcp/serverKey'
import type { Platform } from '../../platform/Platform'
import { ServerLogBuffer } from './ServerLogBuffer'

const MAX_MESSAGE = 2000
const FLUSH_MS = 50

/**
 * The server log as the rest of the host writes it: every entry redacted (with the server's own
 * secret env/header values), kept in the ring buffer, and pushed to the renderer in batches so a
 * flooding server costs one IPC message per flush, not one per line (G2, G4).
 */
export class ServerLogs {
  private readonly buffer: ServerLogBuffer
  private readonly queued = new Map<string, ServerLogEntry[]>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly platform: Platform,
    private readonly maxEntries = 200
  ) {
    this.buffer = new ServerLogBuffer(maxEntries)
  }

  /** A writer bound to one server, for transports and the resolver. */
  writer(server: McpServer, source?: string): ServerLogWriter {
    const key = getServerKey(server)
    const secrets = secretValuesOf(server.env, server.headers)
    return (level, message, data) => this.append(server.id, key, secrets, { level, message, data, source })
  }

  get(server: McpServer): ServerLogEntry[] {
    return this.buffer.get(getServerKey(server))
  }

  remove(server: McpServer): void {
    this.buffer.remove(getServerKey(server))
  }

  /** Sends whatever is queued now (on close, so the last lines of a dying server arrive). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const batches = [...this.queued]
    this.queued.clear()
    for (const [serverId, entries] of batches) this.platform.emit(IpcEvent.Mcp_ServerLog, { serverId, entries })
  }

  private append(
    serverId: string,
    key: string,
    secrets: string[],
    raw: { level: ServerLogLevel; message: string; data?: unknown; source?: string }
  ): void {
    const entry: ServerLogEntry = {
      timestamp: Date.now(),
      level: raw.level,
      message: truncate(redactText(raw.message, { secrets }), MAX_MESSAGE)
    }
    if (raw.data !== undefined) entry.data = redactSensitive(raw.data, { secrets })
    if (raw.source) entry.source = raw.source
    this.buffer.append(key, entry)

    const queue = this.queued.get(serverId) ?? []
    queue.push(entry)
    // the renderer only ever shows the last maxEntries; older queued lines would be dropped anyway
    if (queue.length > this.maxEntries) queue.splice(0, queue.length - this.maxEntries)
    this.queued.set(serverId, queue)
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS)
      this.timer.unref()
    }
  }
}

export type ServerLogWriter = (level: ServerLogLevel, message: string, data?: unknown) => void
