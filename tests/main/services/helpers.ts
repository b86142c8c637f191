import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IpcEventName } from '@shared/ipc/contract'
import type { StdioServer } from '@shared/mcp/server'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { forwardEvents } from '../../../src/main/ipc/forwardEvents'
import { MCPService, type MCPServiceOptions } from '../../../src/main/services/mcp/MCPService'

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
export const fixture = (name: string) => join(ROOT, 'tests/fixtures/servers', name)

export function tempDir(prefix = 'mcp-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export interface RecordedEvent {
  event: IpcEventName
  payload: any // eslint-disable-line @typescript-eslint/no-explicit-any -- any event payload
}

/** A real MCPService on the Node platform, with its events recorded; closed by `closeAllServices`. */
const services: MCPService[] = []
export function makeService(options: Partial<MCPServiceOptions> = {}) {
  const events: RecordedEvent[] = []
  const platform = createNodePlatform({
    userDataDir: tempDir('mcp-userdata-'),
    onEvent: (event, payload) => events.push({ event, payload })
  })
  const service = new MCPService({ platform, stopGraceMs: 500, ...options })
  // what a window would receive: the IPC layer's forwarding of the service's typed events
  forwardEvents({ platform, mcp: service })
  services.push(service)
  return { service, events, platform }
}

export async function closeAllServices(): Promise<void> {
  await Promise.all(services.splice(0).map((s) => s.closeAll()))
}

let serial = 0
export function stdioServer(script: string, extra: Partial<StdioServer> = {}): StdioServer {
  serial++
  return { id: `srv-${serial}`, name: `server-${serial}`, type: 'stdio', command: process.execPath, args: [script], isActive: true, ...extra }
}

export function everythingStdio(extra: Partial<StdioServer> = {}): StdioServer {
  return stdioServer(EVERYTHING, { name: 'everything', args: [EVERYTHING, 'stdio'], ...extra })
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export function readPids(file: string): number[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** Polls until `check` holds; the timeout is an upper bound for a hang, never a performance goal. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  // performance.now(): a test that fakes Date still gets its timeout
  const end = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolvePort(port))
    })
  })
}

function accepts(port: number): Promise<boolean> {
  return new Promise((r) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      r(true)
    })
    socket.once('error', () => r(false))
  })
}

/** server-everything over HTTP on a free port; `stop` ends it. */
export async function startEverythingHttp(mode: 'sse' | 'streamableHttp'): Promise<{ url: string; base: string; stop: () => Promise<void>; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' })
  await waitFor(() => accepts(port), 20_000, `server-everything ${mode} on port ${port}`)
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    url: `${base}${mode === 'sse' ? '/sse' : '/mcp'}`,
    child,
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r()
        child.once('exit', () => r())
        child.kill('SIGKILL')
      })
  }
}

export function statusesOf(events: RecordedEvent[], serverId: string): string[] {
  return events.filter((e) => e.event === 'mcp:server-status' && e.payload.serverId === serverId).map((e) => e.payload.state.status)
}
