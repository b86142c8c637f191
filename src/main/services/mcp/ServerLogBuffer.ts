import type { ServerLogEntry } from '@shared/mcp/logs'

/**
 * The last `maxEntries` log entries of each server key (G1). Bounded, so a server flooding stderr
 * cannot grow memory; reads are copies, so callers cannot change what the next reader sees.
 */
export class ServerLogBuffer {
  private readonly logs = new Map<string, ServerLogEntry[]>()

  constructor(private readonly maxEntries = 200) {}

  append(serverKey: string, entry: ServerLogEntry): void {
    let list = this.logs.get(serverKey)
    if (!list) {
      list = []
      this.logs.set(serverKey, list)
    }
    list.push(entry)
    if (list.length > this.maxEntries) list.splice(0, list.length - this.maxEntries)
  }

  get(serverKey: string): ServerLogEntry[] {
    return [...(this.logs.get(serverKey) ?? [])]
  }

  remove(serverKey: string): void {
    this.logs.delete(serverKey)
  }
}
