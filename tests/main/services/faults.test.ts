import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAllServices, fixture, isAlive, makeService, readPids, statusesOf, stdioServer, tempDir, waitFor } from './helpers'

afterEach(closeAllServices)

describe('servers that misbehave', () => {
  it('a server that exits at start: the error names it, gives the exit code and its last stderr lines', async () => {
    const { service, events } = makeService()
    const server = stdioServer(fixture('exit-at-start.mjs'), { name: 'broken' })
    const error = await service.initClient(server).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/^MCP server "broken": server exited with code 1 during start; last stderr lines:/)
    expect((error as Error).message).toContain('fatal: API_BASE is not set')
    const status = events.filter((e) => e.event === 'mcp:server-status').at(-1)?.payload
    expect(status).toMatchObject({ serverId: server.id, state: { status: 'failed', code: 'SERVER_EXITED' } })
    expect(status.state.message).toContain('API_BASE is not set')
    // the log keeps what it said, after the failure
    const log = service.getServerLogs(server)
    expect(log.filter((e) => e.level === 'stderr').map((e) => e.message)).toContain('fatal: API_BASE is not set')
  })

  it('a server that hangs in initialize times out with the configured timeout and is ended', async () => {
    const { service } = makeService({ connectTimeoutFloorMs: 500 })
    const pidFile = join(tempDir(), 'pids')
    const server = stdioServer(fixture('hang-initialize.mjs'), { name: 'sleepy', timeout: 2, env: { PID_FILE: pidFile } })
    const started = Date.now()
    await expect(service.initClient(server)).rejects.toThrow('MCP server "sleepy": timed out after 2 s waiting for initialize')
    // the message shows server.timeout (2 s) won over the lower floor; the bound only guards against a hang
    expect(Date.now() - started).toBeLessThan(30_000)
    await waitFor(() => !isAlive(readPids(pidFile)[0]), 10_000, 'the hung server to be ended')
  })

  it('junk on stdout before and between messages: connects, the junk is logged as stdout, nothing hangs', async () => {
    const { service } = makeService()
    const server = stdioServer(fixture('junk-stdout.mjs'))
    const tools = await service.listTools(server)
    expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'noisy', 'sleep'])
    const result = await service.callTool({ server, name: 'noisy', args: {} })
    expect(result.content).toEqual([{ type: 'text', text: 'done' }])
    await waitFor(() => service.getServerLogs(server).some((e) => e.message === 'debug: noisy tool called'), 5000, 'the junk line')
    const junk = service.getServerLogs(server).filter((e) => e.level === 'stdout').map((e) => e.message)
    expect(junk).toEqual(['Welcome to junk-server v1.0', '{not json at all', '{"hello":"world"}', 'debug: noisy tool called'])
    // still connected and answering
    const echo = await service.callTool({ server, name: 'echo', args: { message: 'still here' } })
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: still here' }])
  })

  it('an unknown command: a clear "not found" error, nothing spawned', async () => {
    const { service, events } = makeService()
    const server = stdioServer('unused', { name: 'ghost', command: 'definitely-not-a-real-command-xyz', args: [] })
    await expect(service.initClient(server)).rejects.toThrow(
      'MCP server "ghost": command not found: definitely-not-a-real-command-xyz — check the command, or install it'
    )
    expect(statusesOf(events, server.id)).toEqual(['starting', 'failed'])
  })

  it('a server that ignores its stdin closing is still ended by stop (SIGTERM), and one ignoring SIGTERM too (SIGKILL)', async () => {
    const { service } = makeService({ stopGraceMs: 300 })
    const pidFile = join(tempDir(), 'pids')
    const stubborn = stdioServer(fixture('ignore-stdin.mjs'), { env: { PID_FILE: pidFile } })
    const mule = stdioServer(fixture('ignore-stdin.mjs'), { env: { PID_FILE: pidFile, IGNORE_SIGTERM: '1' } })
    await service.initClient(stubborn)
    await service.initClient(mule)
    const [a, b] = readPids(pidFile)
    await service.stopServer(stubborn)
    expect(isAlive(a)).toBe(false)
    await service.stopServer(mule)
    expect(isAlive(b)).toBe(false)
    expect(service.getServerLogs(mule).some((e) => e.message === 'ignoring SIGTERM')).toBe(true)
  })

  it('a reply over the 32 MB message limit fails its call at once with the sizes; 11 MB arrives whole; the server stays usable', async () => {
    const { service } = makeService()
    const server = stdioServer(fixture('big-reply.mjs'), { name: 'bulky' })
    const eleven = await service.callTool({ server, name: 'big', args: { mb: 11 } })
    expect((eleven.content[0] as { text: string }).text).toHaveLength(11 * 1024 * 1024)
    // without the limit's own error this call would wait out its timeout and blame that
    await expect(service.callTool({ server, name: 'big', args: { mb: 50 } })).rejects.toThrow(
      /^MCP server "bulky": tool "big" failed: the server's reply was 50\.0 MB, over the 32 MB limit — ask it for less/
    )
    expect(service.getServerLogs(server).map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^\(dropped the reply to request \d+: 50\.0 MB, over the 32 MB limit\)$/)
    )
    const echo = await service.callTool({ server, name: 'echo', args: { message: 'after' } })
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: after' }])
  })
})
