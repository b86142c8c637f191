import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import type { ServerStatusEvent } from '@shared/mcp/status'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { fixture, isAlive, readPids, stdioServer, tempDir, waitFor } from '../services/helpers'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

function pidServer(extra: Partial<StdioServer> = {}) {
  const pidFile = join(tempDir(), 'pids')
  return { pidFile, server: stdioServer(fixture('pid-echo.mjs'), { env: { PID_FILE: pidFile }, ...extra }) }
}

/** What the CLI does in its own process: its own registry on the same file. */
async function otherProcess(userDataDir: string): Promise<ServerRegistry> {
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  return registry
}

/** The app as Electron and browser mode build it, with no window: nothing but main runs. */
async function startApp(userDataDir: string) {
  const events: ServerStatusEvent[] = []
  const platform = createNodePlatform({
    userDataDir,
    onEvent: (event, payload) => {
      if (event === 'mcp:server-status') events.push(payload as ServerStatusEvent)
    }
  })
  const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500 } })
  hosts.push(host)
  return { host, events, state: (id: string) => host.mcp.stateOf(id) }
}

/** What an earlier session left (these servers, approved), then the app started on it; `cli` is that other process. */
async function appWith(servers: McpServer[]) {
  const userDataDir = tempDir('mcp-manager-')
  const cli = await otherProcess(userDataDir)
  await cli.add(servers, { approve: true })
  await cli.flush()
  return { cli, ...(await startApp(userDataDir)) }
}

const alive = (pidFile: string) => readPids(pidFile).filter(isAlive)

describe('main owns each server’s life, with no window open', () => {
  it('starts the active, approved servers at start-up; an inactive or unapproved one stays off, and says why', async () => {
    const userDataDir = tempDir('mcp-manager-')
    const on = pidServer()
    const off = pidServer({ isActive: false })
    const unapproved = pidServer()
    const before = await otherProcess(userDataDir)
    await before.add([on.server, off.server], { approve: true })
    await before.add([unapproved.server])
    await before.flush()

    const { state } = await startApp(userDataDir)
    await waitFor(() => state(on.server.id).status === 'connected', 15_000, 'the active server to connect')
    expect(alive(on.pidFile)).toHaveLength(1)
    await waitFor(() => state(unapproved.server.id).status === 'needs-approval', 5_000, 'needs-approval')
    expect(readPids(unapproved.pidFile)).toEqual([])
    expect(readPids(off.pidFile)).toEqual([])
    expect(state(off.server.id).status).toBe('stopped')
  })

  it('follows the list another process changes: off stops, on starts, a new env value restarts, a rename does not', async () => {
    const pidFile = join(tempDir(), 'pids')
    const { server } = pidServer({ env: { PID_FILE: pidFile, MODE: 'one' } })
    const { cli, state } = await appWith([server])
    await waitFor(() => state(server.id).status === 'connected', 15_000, 'connected')
    const [first] = readPids(pidFile)

    // a cosmetic edit: the same process goes on
    await cli.update(server.id, { name: 'renamed', ui: { description: 'words', tags: ['x'] } })
    await cli.flush()
    // a second, launch-relevant edit after it proves the app has seen the first
    await cli.update(server.id, { env: { PID_FILE: pidFile, MODE: 'two' } })
    expect(cli.isApproved(server.id)).toBe(true)
    await waitFor(() => readPids(pidFile).length === 2 && state(server.id).status === 'connected', 15_000, 'the restart after an env change')
    expect(isAlive(first)).toBe(false)
    expect(alive(pidFile)).toHaveLength(1)

    await cli.update(server.id, { isActive: false })
    await waitFor(() => state(server.id).status === 'stopped' && alive(pidFile).length === 0, 15_000, 'the stop')

    await cli.update(server.id, { isActive: true })
    await waitFor(() => state(server.id).status === 'connected' && alive(pidFile).length === 1, 15_000, 'the start')
    expect(readPids(pidFile)).toHaveLength(3)
  })

  it('a header change restarts a remote server; the same URL with new header values needs no new approval', async () => {
    const remote: McpServer = { id: 'remote', name: 'remote', type: 'streamableHttp', baseUrl: 'http://127.0.0.1:9/mcp', headers: { 'X-Token': 'one' }, isActive: true }
    const { cli, events } = await appWith([remote])
    await waitFor(() => events.some((e) => e.serverId === 'remote' && e.state.status === 'failed'), 15_000, 'the first attempt to fail')
    const attempts = () => events.filter((e) => e.serverId === 'remote' && e.state.status === 'starting').length
    expect(attempts()).toBe(1)
    await cli.update('remote', { headers: { 'X-Token': 'two' } })
    await waitFor(() => attempts() === 2, 15_000, 'a new connect with the new header')
    expect(cli.isApproved('remote')).toBe(true)
  })

  it('a failed server keeps its error code and message in its state, and a changed command asks for approval again', async () => {
    const broken = stdioServer(fixture('exit-at-start.mjs'), { name: 'broken' })
    const { cli, host, state } = await appWith([broken])
    await waitFor(() => state(broken.id).status === 'failed', 15_000, 'the failure')
    expect(host.mcp.states()[broken.id]).toMatchObject({ status: 'failed', code: 'SERVER_EXITED', message: expect.stringContaining('API_BASE is not set') })
    // it never ran: not tried again on its own (the user has Retry), so no retry time either
    expect(host.mcp.states()[broken.id]).not.toHaveProperty('retryAt')

    const { pidFile, server } = pidServer()
    await cli.update(broken.id, { args: server.args, env: server.env })
    await waitFor(() => state(broken.id).status === 'needs-approval', 15_000, 'needs-approval after the command changed')
    expect(readPids(pidFile)).toEqual([])
    await cli.approve(broken.id)
    await waitFor(() => state(broken.id).status === 'connected', 15_000, 'the start once approved')
  })

  it('a server that ends on its own is started again after a short wait, and its state says when', async () => {
    const { pidFile, server } = pidServer()
    const { events, state } = await appWith([server])
    await waitFor(() => state(server.id).status === 'connected', 15_000, 'connected')
    process.kill(readPids(pidFile)[0], 'SIGKILL')
    await waitFor(() => events.some((e) => e.state.status === 'failed' && e.state.retryAt !== undefined), 15_000, 'a retry planned')
    await waitFor(() => readPids(pidFile).length === 2 && state(server.id).status === 'connected', 15_000, 'the restart')
  })

  it('a server removed elsewhere is stopped', async () => {
    const { pidFile, server } = pidServer()
    const { cli, state } = await appWith([server])
    await waitFor(() => state(server.id).status === 'connected', 15_000, 'connected')
    await cli.remove(server.id)
    await waitFor(() => alive(pidFile).length === 0, 15_000, 'the process to end')
  })
})
