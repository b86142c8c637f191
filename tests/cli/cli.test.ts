import type { ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, fixture, isAlive, readPids, tempDir, waitFor } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

/** a hang guard for tests that start the CLI many times on a loaded machine */
const SPAWNS_MANY = 120_000

const pidFile = join(tempDir('mcp-cli-'), 'pids')
const configFile = join(tempDir('mcp-cli-'), 'mcp.json')
writeFileSync(
  configFile,
  JSON.stringify({
    mcpServers: {
      everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
      many: { command: 'node', args: [fixture('many-tools.mjs')] },
      echo: { command: 'node', args: [fixture('pid-echo.mjs')], env: { PID_FILE: pidFile } },
      stubborn: { command: 'node', args: [fixture('ignore-stdin.mjs')], env: { PID_FILE: pidFile, IGNORE_SIGTERM: '1' } },
      hang: { command: 'node', args: [fixture('hang-initialize.mjs')], env: { PID_FILE: pidFile } },
      broken: { command: 'node', args: [fixture('exit-at-start.mjs')] },
      ghost: { command: 'no-such-command-for-mcp-cli' },
      web: { url: 'http://127.0.0.1:9/mcp', type: 'http' }
    }
  })
)
const run = (...args: string[]) => cli(['--config', configFile, ...args])

describe('cli', () => {
  it('--help lists every command', async () => {
    const { code, stdout } = await run('--help')
    expect(code).toBe(0)
    for (const command of ['servers', 'import', 'remove', 'approve', 'check', 'tools', 'call', 'prompts', 'prompt', 'resources', 'resource', 'logs']) {
      expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'))
    }
    expect(stdout).toContain('--json')
    expect(stdout).toContain('--timeout')
  })

  it('no command at all is bad usage: exit 2, the usage on stderr, nothing on stdout', async () => {
    const { code, stdout, stderr } = await cli([])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('no command given')
    expect(stderr).toContain('usage: cli')
  })

  it('a flag that does not apply to the command is a usage error', async () => {
    const result = await run('tools', 'everything', '--args', '{}')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--args does not apply to "tools"')
  })

  it('servers: name, type, approval, command or URL', async () => {
    const { code, stdout } = await run('servers')
    expect(code).toBe(0)
    expect(stdout).toContain(`everything\tstdio\tapproved\tnode ${EVERYTHING} stdio`)
    expect(stdout).toContain('web\tstreamableHttp\tapproved\thttp://127.0.0.1:9/mcp')
  })

  it('check: "ok: N tools", exit 0', async () => {
    const { code, stdout } = await run('check', 'everything')
    expect(code).toBe(0)
    expect(stdout.trim()).toMatch(/^ok: \d+ tools$/)
    const json = await run('check', 'everything', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, tools: expect.any(Number) })
  })

  it('tools --json parses into name, id, description, inputSchema', async () => {
    const { code, stdout } = await run('tools', 'everything', '--json')
    expect(code).toBe(0)
    const tools = JSON.parse(stdout)
    expect(tools.find((t: { name: string }) => t.name === 'echo')).toMatchObject({
      id: 'mcp__everything__echo',
      description: expect.any(String),
      inputSchema: expect.objectContaining({ type: 'object' })
    })
  })

  it('a 1,000-tool --json listing arrives whole through a pipe', async () => {
    const { code, stdout } = await run('tools', 'many', '--json')
    expect(code).toBe(0)
    expect(stdout.length).toBeGreaterThan(300_000)
    const tools = JSON.parse(stdout)
    const numbered = tools.filter((t: { name: string }) => t.name.startsWith('tool_'))
    expect(numbered).toHaveLength(1000)
    // the id scheme is the service's business; here: the listing keeps name and id per tool
    expect(numbered[999]).toMatchObject({ name: 'tool_0999', id: expect.stringMatching(/^mcp__many__tool0999/) })
    expect(new Set(tools.map((t: { id: string }) => t.id)).size).toBe(tools.length)
  })

  it('call: the result on stdout (text and --json), progress on stderr', async () => {
    const text = await run('call', 'echo', 'echo', '--args', '{"message":"from the cli"}')
    expect(text.code).toBe(0)
    expect(text.stdout.trim()).toBe('Echo: from the cli')
    const json = await run('call', 'echo', 'sleep', '--args', '{"ms":300}', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: 'slept 300 ms' }] })
    expect(json.stderr).toMatch(/^progress: \d+\/300$/m)
  })

  it('exit 1: a tool error result, a server that dies at start, an unknown command, a refused connection, a timeout', async () => {
    const toolError = await run('call', 'everything', 'no-such-tool')
    expect(toolError.code).toBe(1)
    expect(toolError.stdout).toBe('')
    expect(toolError.stderr).toContain('the tool reported an error:')
    expect(toolError.stderr).toContain('not found')

    const broken = await run('check', 'broken')
    expect(broken.code).toBe(1)
    expect(broken.stderr).toContain('exited with code 1 during start')
    expect(broken.stderr).toContain('fatal: API_BASE is not set')

    const ghost = await run('check', 'ghost')
    expect(ghost.code).toBe(1)
    expect(ghost.stderr).toContain('command not found: no-such-command-for-mcp-cli')

    const web = await run('check', 'web')
    expect(web.code).toBe(1)
    expect(web.stderr).toContain('MCP server "web"')

    const before = readPids(pidFile).length
    const hang = await cli(['--config', configFile, '--connect-timeout', '1', 'check', 'hang'])
    expect(hang.code).toBe(1)
    expect(hang.stderr).toContain('timed out after 1 s waiting for initialize')
    const hangPid = readPids(pidFile)[before]
    expect(isAlive(hangPid)).toBe(false)
  }, SPAWNS_MANY)

  it('exit 2: bad usage, unknown server, bad --args, a config with one invalid entry (named)', async () => {
    expect((await run('frobnicate')).code).toBe(2)
    expect((await run('check')).code).toBe(2)
    expect((await run('--bogus-flag', 'servers')).code).toBe(2)
    const unknown = await run('check', 'nope')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no server named "nope"')
    expect((await run('call', 'echo', 'echo', '--args', '{oops')).code).toBe(2)

    const badConfig = join(tempDir('mcp-cli-'), 'bad.json')
    writeFileSync(badConfig, JSON.stringify({ mcpServers: { fine: { command: 'node' }, wrong: { command: 'node', env: { PORT: 8080 } } } }))
    const bad = await cli(['--config', badConfig, 'servers'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('server "wrong", field "env.PORT"')
    const missing = await cli(['--config', join(tempDir(), 'missing.json'), 'servers'])
    expect(missing.code).toBe(2)
  }, SPAWNS_MANY)

  it("--input fills a VS Code file's inputs; a server that needs one left out says which flag to pass", async () => {
    const vscodeFile = join(tempDir('mcp-cli-'), 'vscode.json')
    writeFileSync(
      vscodeFile,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'transport', description: 'Transport' }],
        servers: { everything: { type: 'stdio', command: 'node', args: [EVERYTHING, '${input:transport}'] }, plain: { command: 'node', args: ['x.js'] } }
      })
    )
    const ok = await cli(['--config', vscodeFile, '--input', 'transport=stdio', 'check', 'everything'])
    expect(ok.stderr).toBe('')
    expect(ok.stdout).toMatch(/^ok: \d+ tools/)
    expect(ok.code).toBe(0)

    const missing = await cli(['--config', vscodeFile, 'check', 'everything'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`server "everything" in ${vscodeFile} needs a value from its file's inputs: pass --input transport=VALUE (Transport)`)
    // a command that starts nothing needs no input
    expect((await cli(['--config', vscodeFile, 'servers'])).code).toBe(0)

    const unknown = await cli(['--config', vscodeFile, '--input', 'nope=1', 'servers'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('--input nope: no server in')
    expect(unknown.stderr).toContain('(its inputs: transport)')
  }, SPAWNS_MANY)

  it("without --config, the first time: the servers an older MCP Studio saved (redux-persist), taken over", async () => {
    const userData = tempDir('mcp-cli-ud-')
    mkdirSync(join(userData, 'storage'))
    const mcp = JSON.stringify({ servers: [{ id: 'x1', name: 'saved-echo', command: 'node', args: [fixture('pid-echo.mjs')], isActive: true }] })
    writeFileSync(join(userData, 'storage', 'persist_root.json'), JSON.stringify({ mcp, _persist: JSON.stringify({ version: 1, rehydrated: true }) }))
    const listed = await cli(['servers'], { env: { MCP_STUDIO_USER_DATA: userData } })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('saved-echo\tstdio\tapproved')
    const checked = await cli(['check', 'saved-echo'], { env: { MCP_STUDIO_USER_DATA: userData } })
    expect(checked.code).toBe(0)
    expect(checked.stdout.trim()).toBe('ok: 2 tools') // echo and sleep
  })

  it('on exit, a server that ignores stdin and SIGTERM is still ended', async () => {
    const before = readPids(pidFile).length
    const { code } = await run('check', 'stubborn')
    expect(code).toBe(0)
    const pid = readPids(pidFile)[before]
    expect(pid).toBeGreaterThan(0)
    expect(isAlive(pid)).toBe(false)
  })

  it('a hang-up (SIGHUP, the terminal closed) ends even a server that ignores its stdin closing and SIGTERM', async () => {
    const before = readPids(pidFile).length
    let child: ChildProcess | undefined
    // a server waiting in silence (as on the user): nothing it writes would fail and end it
    const running = cli(['--config', configFile, 'call', 'stubborn', 'wait-silently', '--args', '{"ms":60000}'], {
      // a closing terminal hangs up its whole foreground job (npm, tsx, the CLI), not one process
      group: true,
      onSpawn: (spawned) => (child = spawned)
    })
    await waitFor(() => readPids(pidFile).length > before, 20_000, 'the server to start')
    process.kill(-child!.pid!, 'SIGHUP')
    await running
    const pid = readPids(pidFile)[before]
    await waitFor(() => !isAlive(pid), 10_000, 'the server to be ended')
  })

  it('Ctrl-C (SIGINT) aborts the call, stops the server, exits 130', async () => {
    const before = readPids(pidFile).length
    let sent = false
    const result = await cli(['--config', configFile, 'call', 'echo', 'sleep', '--args', '{"ms":60000}'], {
      onStderr: (text, child) => {
        if (!sent && text.includes('progress: ')) {
          sent = true
          child.kill('SIGINT')
        }
      }
    })
    expect(result.code).toBe(130)
    const pid = readPids(pidFile)[before]
    await waitFor(() => !isAlive(pid), 10_000, 'the server to be stopped')
  })
})
