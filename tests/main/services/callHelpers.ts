import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { StdioServer } from '@shared/mcp/server'
import { fixture, stdioServer, tempDir, type RecordedEvent } from './helpers'

/** The lab fixture over stdio, recording every request and notification it receives in a file. */
export function labServer(extra: Partial<StdioServer> = {}): { server: StdioServer; wire: () => string[]; received: (line: string) => number } {
  const eventsFile = join(tempDir('mcp-lab-'), 'events.log')
  const server = stdioServer(fixture('lab.mjs'), { name: 'lab', ...extra, env: { ...extra.env, EVENTS_FILE: eventsFile } })
  const wire = () => (existsSync(eventsFile) ? readFileSync(eventsFile, 'utf8').split('\n').filter(Boolean) : [])
  /** how often one exact line (e.g. "request tools/list") reached the server */
  const received = (line: string) => wire().filter((l) => l === line).length
  return { server, wire, received }
}

/** The `mcp:progress` events recorded for one call. */
export function progressOf(events: RecordedEvent[], callId: string): Array<{ callId: string; progress: number; total?: number; message?: string }> {
  return events.filter((e) => e.event === 'mcp:progress' && e.payload.callId === callId).map((e) => e.payload)
}
