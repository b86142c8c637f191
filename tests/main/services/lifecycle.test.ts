import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { labServer } from './callHelpers'
import { closeAllServices, fixture, isAlive, makeService, readPids, statusesOf, stdioServer, tempDir, waitFor } from './helpers'

afterEach(closeAllServices)

function pidServer(extraEnv: Record<string, string> = {}) {
  const pidFile = join(tempDir(), 'pids')
  return { pidFile, server: stdioServer(fixture('pid-echo.mjs'), { env: { PID_FILE: pidFile, ...extraEnv } }) }
}

describe('client lifecycle', () => {
  it('20 concurrent initClient for one server → one process, one handshake', async () => {
    const { service, events } = makeService()
    const { pidFile, server } = pidServer({ START_DELAY_MS: '300' })
    const infos = await Promise.all(Array.from({ length: 20 }, () => service.initClient(server)))
    expect(readPids(pidFile)).toHaveLength(1)
    expect(new Set(infos).size).toBe(1)
    expect(statusesOf(events, server.id).filter((s) => s === 'connected')).toHaveLength(1)
    // reuse after the burst: still the same process
    await service.listTools(server)
    expect(readPids(pidFile)).toHaveLength(1)
  })

  it('a server killed from outside is evicted, reported, and the next call reconnects', async () => {
    const { service, events } = makeService()
    const { pidFile, server } = pidServer()
    await service.initClient(server)
    const [firstPid] = readPids(pidFile)
    process.kill(firstPid, 'SIGKILL')
    await waitFor(() => statusesOf(events, server.id).includes('failed'), 10_000, 'failed status')
    expect(service.pidOf(server)).toBeUndefined()

    const result = await service.callTool({ server, name: 'echo', args: { message: 'again' } })
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: again' }])
    const pids = readPids(pidFile)
    expect(pids).toHaveLength(2)
    expect(statusesOf(events, server.id)).toEqual(['starting', 'connected', 'failed', 'starting', 'connected'])

    await service.closeAll()
    for (const pid of pids) expect(isAlive(pid)).toBe(false)
  })

  it('reuse pings only a client that has been quiet: calls in quick succession cost one round trip each', async () => {
    const { service } = makeService({ quietBeforePingMs: 300 })
    const { server, received } = labServer()
    for (let i = 0; i < 5; i++) await service.callTool({ server, name: 'echo', args: { message: String(i) } })
    expect(received('request tools/call')).toBe(5)
    expect(received('request ping')).toBe(0)
    await new Promise((r) => setTimeout(r, 400))
    await service.callTool({ server, name: 'echo', args: { message: 'after a pause' } })
    expect(received('request ping')).toBe(1)
  })

  it('a client whose server stopped answering pings is closed (process ended) and replaced', async () => {
    const { service } = makeService({ pingTimeoutMs: 500, quietBeforePingMs: 200 })
    const pidFile = join(tempDir(), 'pids')
    const server = stdioServer(fixture('freeze.mjs'), { env: { PID_FILE: pidFile } })
    await service.callTool({ server, name: 'freeze', args: {} })
    const [frozenPid] = readPids(pidFile)
    // quiet for longer than the window: the next reuse must ping first
    await new Promise((r) => setTimeout(r, 300))

    const result = await service.callTool({ server, name: 'echo', args: { message: 'fresh' } })
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: fresh' }])
    const pids = readPids(pidFile)
    expect(pids).toHaveLength(2)
    expect(service.pidOf(server)).toBe(pids[1])
    // the wedged one ignores stdin, so it takes SIGTERM; it must be gone, not leaked
    await waitFor(() => !isAlive(frozenPid), 10_000, 'the stale server process to end')
    expect(service.getServerLogs(server).some((e) => e.message.includes('did not answer a ping'))).toBe(true)
  })

  it('a server that answers a ping late, as on a busy machine, is waited for and kept, not replaced', async () => {
    const { service } = makeService({ pingTimeoutMs: 1000, quietBeforePingMs: 200 })
    const dir = tempDir()
    const pidFile = join(dir, 'pids')
    const resume = join(dir, 'resume')
    const server = stdioServer(fixture('freeze.mjs'), { env: { PID_FILE: pidFile } })
    await service.callTool({ server, name: 'freeze', args: { resumeWhen: resume } })
    await new Promise((r) => setTimeout(r, 300))

    const call = service.callTool({ server, name: 'echo', args: { message: 'still here' } })
    // the first ping went unanswered; now the server catches up
    await waitFor(() => service.getServerLogs(server).some((e) => e.message.includes('no answer to a ping within 1 s; waiting up to 5 s more')), 10_000, 'the first ping to go unanswered')
    writeFileSync(resume, '')
    expect((await call).content).toEqual([{ type: 'text', text: 'Echo: still here' }])
    expect(readPids(pidFile)).toHaveLength(1)
    expect(service.getServerLogs(server).some((e) => e.message.includes('did not answer a ping'))).toBe(false)
  })

  it('stop ends the process and reports stopped; restart makes a new one; remove drops the logs', async () => {
    const { service, events } = makeService()
    const { pidFile, server } = pidServer()
    await service.initClient(server)
    const [first] = readPids(pidFile)

    await service.stopServer(server)
    expect(isAlive(first)).toBe(false)
    expect(statusesOf(events, server.id).at(-1)).toBe('stopped')
    // logs survive a stop, so the user can see what happened
    expect(service.getServerLogs(server).length).toBeGreaterThan(0)

    await service.restartServer(server)
    const [, second] = readPids(pidFile)
    expect(second).toBeDefined()
    expect(isAlive(second)).toBe(true)
    const before = statusesOf(events, server.id).length
    const third = await service.restartServer(server)
    expect(third.serverVersion?.name).toBe('pid-echo')
    // a restart of a running server goes straight to connecting: the list never shows it stopped
    expect(statusesOf(events, server.id).slice(before)).toEqual(['starting', 'connected'])
    const pids = readPids(pidFile)
    expect(pids).toHaveLength(3)
    expect(isAlive(pids[1])).toBe(false)

    await service.removeServer(server)
    expect(isAlive(pids[2])).toBe(false)
    expect(service.getServerLogs(server)).toEqual([])
  })

  it('a server whose config changed gets one new process; the one of the old config ends, and stop ends whichever runs', async () => {
    const { service } = makeService()
    const { pidFile, server } = pidServer()
    await service.initClient(server)
    const edited = { ...server, env: { ...server.env, EXTRA: 'after the edit' } }
    await service.restartServer(edited)
    const [before, after] = readPids(pidFile)
    await waitFor(() => !isAlive(before), 10_000, 'the process of the old config to end')
    expect(isAlive(after)).toBe(true)
    // a stop sent with the config from before the edit still ends what runs now
    await service.stopServer(server)
    expect(isAlive(after)).toBe(false)
  })

  it('stop during a connect in flight waits for it and leaves nothing running', async () => {
    const { service } = makeService()
    const pidFile = join(tempDir(), 'pids')
    const server = stdioServer(fixture('hang-initialize.mjs'), { env: { PID_FILE: pidFile } })
    const connecting = service.initClient(server)
    await waitFor(() => readPids(pidFile).length === 1, 10_000, 'the server to start')
    await service.stopServer(server)
    await expect(connecting).rejects.toThrow(/stopped while connecting/)
    expect(isAlive(readPids(pidFile)[0])).toBe(false)
  })

  it('checkMcpConnectivity: ok for a working server, the reason for a broken one', async () => {
    const { service } = makeService()
    const { server } = pidServer()
    expect(await service.checkMcpConnectivity(server)).toEqual({ ok: true })
    const broken = stdioServer(fixture('exit-at-start.mjs'))
    const result = await service.checkMcpConnectivity(broken)
    expect(result.ok).toBe(false)
    expect(result.reason).toContain('exited with code 1')
  })

  it('closeAll ends every child process, including one that ignores stdin and SIGTERM', async () => {
    const { service } = makeService({ stopGraceMs: 300 })
    const pidFile = join(tempDir(), 'pids')
    const servers = [
      stdioServer(fixture('pid-echo.mjs'), { env: { PID_FILE: pidFile } }),
      stdioServer(fixture('ignore-stdin.mjs'), { env: { PID_FILE: pidFile } }),
      stdioServer(fixture('ignore-stdin.mjs'), { env: { PID_FILE: pidFile, IGNORE_SIGTERM: '1' } })
    ]
    await Promise.all(servers.map((s) => service.initClient(s)))
    const pids = readPids(pidFile)
    expect(pids).toHaveLength(3)
    await service.closeAll()
    for (const pid of pids) expect(isAlive(pid)).toBe(false)
    await expect(service.initClient(servers[0])).rejects.toThrow(/shutting down/)
  })

  it('presents the app identity and declares roots, sampling and elicitation', async () => {
    const { service, platform } = makeService()
    const { EVERYTHING } = await import('./helpers')
    // server-everything registers get-roots-list only for a client that declares roots
    const server = stdioServer(EVERYTHING, { args: [EVERYTHING, 'stdio'], roots: [tempDir()] })
    const tools = await service.listTools(server)
    const names = tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(['get-roots-list', 'trigger-sampling-request', 'trigger-elicitation-request']))
    const roots = await service.callTool({ server, name: 'get-roots-list', args: {} })
    expect(JSON.stringify(roots.content)).toContain('file://')
    expect(platform.appName).toBe('MCP Studio')
  })
})
