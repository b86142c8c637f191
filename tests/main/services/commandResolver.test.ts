import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { anyKindFields, type StdioServer } from '@shared/mcp/server'
import { resolveStdioCommand, type ResolverContext } from '../../../src/main/services/mcp/commandResolver'
import { createLoginShellEnvLoader, readLoginShellEnv } from '../../../src/main/services/mcp/shellEnv'
import { closeAllServices, EVERYTHING, isAlive, makeService, stdioServer, tempDir, waitFor } from './helpers'

afterEach(closeAllServices)

/** A temporary HOME whose bash profile does what the test needs. */
function homeWithProfile(profile: string): string {
  const home = tempDir('mcp-home-')
  writeFileSync(join(home, '.bash_profile'), `${profile}\n[ -f ~/.bashrc ] && . ~/.bashrc\n`)
  writeFileSync(join(home, '.bashrc'), 'export FROM_BASHRC=yes\n')
  return home
}

function fakeExecutable(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  writeFileSync(file, '#!/bin/sh\nexit 0\n')
  chmodSync(file, 0o755)
  return file
}

const baseServer = (extra: Partial<StdioServer>): StdioServer => ({ id: 'r', name: 'resolver', type: 'stdio', command: '', isActive: true, ...extra })

describe('login-shell environment', () => {
  it('picks up variables the user exports in their shell profile', async () => {
    const home = homeWithProfile('export MCP_STUDIO_PROFILE_VAR="from profile"\nexport PATH="$HOME/mybin:$PATH"')
    const result = await readLoginShellEnv({ shell: '/bin/bash', baseEnv: { ...process.env, HOME: home } })
    expect(result.source).toBe('login-shell')
    expect(result.env.MCP_STUDIO_PROFILE_VAR).toBe('from profile')
    expect(result.env.FROM_BASHRC).toBe('yes')
    expect(result.env.PATH.split(':')[0]).toBe(join(home, 'mybin'))
  })

  it('a POSIX sh (dash) as login shell gives the whole environment, PATH included', async () => {
    // dash sets `_` to the last argument of the command before `env`: a delimiter there cut the
    // environment short, and every server failed with "command not found"
    const home = homeWithProfile('')
    writeFileSync(join(home, '.profile'), 'export MCP_STUDIO_SH_VAR=from-sh-profile\n')
    const result = await readLoginShellEnv({ shell: '/bin/sh', baseEnv: { ...process.env, HOME: home } })
    expect(result.source).toBe('login-shell')
    expect(result.env.MCP_STUDIO_SH_VAR).toBe('from-sh-profile')
    expect(result.env.PATH.split(':')).toContain(dirname(process.execPath))
  })

  it('a profile that never finishes falls back to process.env within the timeout, and the shell is ended', async () => {
    const home = homeWithProfile('echo $$ > "$HOME/shell.pid"\nsleep 1000 &\necho $! > "$HOME/sleep.pid"\nwait')
    const started = Date.now()
    const result = await readLoginShellEnv({ shell: '/bin/bash', timeoutMs: 1000, baseEnv: { ...process.env, HOME: home } })
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(result.source).toBe('process')
    expect(result.reason).toMatch(/did not answer within 1000 ms/)
    expect(result.env.PATH).toBe(process.env.PATH)
    const shellPid = Number(readFileSync(join(home, 'shell.pid'), 'utf8'))
    const sleepPid = Number(readFileSync(join(home, 'sleep.pid'), 'utf8'))
    await waitFor(() => !isAlive(shellPid) && !isAlive(sleepPid), 5000, 'the hung profile to be killed')
  })

  it('is computed once per loader', async () => {
    const home = homeWithProfile('echo run >> "$HOME/runs"')
    const load = createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: { ...process.env, HOME: home } })
    const [a, b] = await Promise.all([load(), load()])
    await load()
    expect(a).toBe(b)
    expect(readFileSync(join(home, 'runs'), 'utf8').trim().split('\n')).toHaveLength(1)
  })

  it('a real server started by MCPService sees the login-shell variables, and its fallback is logged', async () => {
    const home = homeWithProfile('export MCP_STUDIO_PROFILE_VAR=seen-by-server')
    const loginShellEnv = createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: { ...process.env, HOME: home } })
    const { service } = makeService({ loginShellEnv })
    const server = stdioServer(EVERYTHING, { args: [EVERYTHING, 'stdio'], env: { OWN_VAR: 'mine' } })
    const result = await service.callTool({ server, name: 'get-env', args: {} })
    const text = JSON.stringify(result.content)
    expect(text).toContain('seen-by-server')
    expect(text).toContain('mine')

    const slowHome = homeWithProfile('sleep 1000')
    const slow = createLoginShellEnvLoader({ shell: '/bin/bash', timeoutMs: 500, baseEnv: { ...process.env, HOME: slowHome } })
    const { service: second } = makeService({ loginShellEnv: slow })
    const other = stdioServer(EVERYTHING, { args: [EVERYTHING, 'stdio'] })
    await second.initClient(other)
    expect(second.getServerLogs(other).some((e) => e.message.includes("did not answer within 500 ms; using the app's environment"))).toBe(true)
  })
})

describe('command resolution', () => {
  const ctx = (path: string, binDirs: string[], extraEnv: Record<string, string> = {}): ResolverContext => ({
    loginEnv: async () => ({ env: { PATH: path, HOME: '/home/u', ...extraEnv }, source: 'login-shell' }),
    binDirs
  })

  it('npx on the login PATH is used as is, with the registry mirror', async () => {
    const pathDir = tempDir()
    const npx = fakeExecutable(pathDir, 'npx')
    const server = baseServer({ command: 'npx', args: ['-y', 'some-server'], registryUrl: 'https://npm.mirror.example' })
    const resolved = await resolveStdioCommand(server, ctx(pathDir, []))
    expect(resolved.command).toBe(npx)
    expect(resolved.args).toEqual(['-y', 'some-server'])
    expect(resolved.env.NPM_CONFIG_REGISTRY).toBe('https://npm.mirror.example')
  })

  it('bunx gets the npm registry mirror too, as the editor offers it', async () => {
    const pathDir = tempDir()
    fakeExecutable(pathDir, 'bunx')
    const server = baseServer({ command: 'bunx', args: ['some-server'], registryUrl: 'https://npm.mirror.example' })
    const resolved = await resolveStdioCommand(server, ctx(pathDir, []))
    expect(resolved.env.NPM_CONFIG_REGISTRY).toBe('https://npm.mirror.example')
    expect(resolved.env.UV_DEFAULT_INDEX).toBeUndefined()
  })

  it('no npx → the bundled bun as "bun x -y …", proxies removed, registry kept', async () => {
    const binDir = tempDir()
    const bun = fakeExecutable(binDir, 'bun')
    const server = baseServer({ command: 'npx', args: ['-y', '@scope/server', '--flag'], registryUrl: 'https://r.example' })
    const resolved = await resolveStdioCommand(
      server,
      ctx(tempDir(), [binDir], { HTTP_PROXY: 'http://p:1', https_proxy: 'http://p:2', ALL_PROXY: 'socks5://p:3', NO_PROXY: 'localhost' })
    )
    expect(resolved.command).toBe(bun)
    expect(resolved.args).toEqual(['x', '-y', '@scope/server', '--flag'])
    expect(resolved.env.NPM_CONFIG_REGISTRY).toBe('https://r.example')
    expect(resolved.env.HTTP_PROXY).toBeUndefined()
    expect(resolved.env.https_proxy).toBeUndefined()
    expect(resolved.env.ALL_PROXY).toBeUndefined()
    expect(resolved.env.NO_PROXY).toBe('localhost')
    expect(resolved.notes.join('\n')).toContain('bundled bun')
  })

  it('neither npx nor bun → an error that says to install Node.js', async () => {
    await expect(resolveStdioCommand(baseServer({ command: 'npx', args: ['x'] }), ctx(tempDir(), [tempDir()]))).rejects.toThrow(
      /command not found: npx — install Node\.js \(https:\/\/nodejs\.org\)/
    )
  })

  it('uvx: system first, then a bundled uv as "uv tool run", with the index mirrors; else install uv', async () => {
    const pathDir = tempDir()
    const uvx = fakeExecutable(pathDir, 'uvx')
    const server = baseServer({ command: 'uvx', args: ['mcp-server-time'], registryUrl: 'https://pypi.mirror/simple' })
    const system = await resolveStdioCommand(server, ctx(pathDir, []))
    expect(system.command).toBe(uvx)
    expect(system.env.UV_DEFAULT_INDEX).toBe('https://pypi.mirror/simple')
    expect(system.env.PIP_INDEX_URL).toBe('https://pypi.mirror/simple')
    expect(system.env.NPM_CONFIG_REGISTRY).toBeUndefined()

    const binDir = tempDir()
    const uv = fakeExecutable(binDir, 'uv')
    const bundled = await resolveStdioCommand(server, ctx(tempDir(), [binDir]))
    expect(bundled.command).toBe(uv)
    expect(bundled.args).toEqual(['tool', 'run', 'mcp-server-time'])

    await expect(resolveStdioCommand(server, ctx(tempDir(), []))).rejects.toThrow(/command not found: uvx — install uv/)
  })

  it('server.env wins over the login env and is never mutated', async () => {
    const env = Object.freeze({ PATH: process.env.PATH!, TOKEN_X: 'abc' })
    const server = baseServer({ command: 'node', env })
    const resolved = await resolveStdioCommand(server, ctx('/nowhere', []))
    expect(resolved.env.TOKEN_X).toBe('abc')
    expect(resolved.env).not.toBe(env)
    expect(anyKindFields(server).env).toEqual({ PATH: process.env.PATH, TOKEN_X: 'abc' })
  })

  it('server.env is unchanged after a real connect', async () => {
    const { service } = makeService()
    const env = { MY_SETTING: 'one', npm_config_registry: 'x' }
    const server = stdioServer(EVERYTHING, { args: [EVERYTHING, 'stdio'], env, registryUrl: 'https://r.example' })
    const before = structuredClone(server)
    await service.listTools(server)
    expect(server).toEqual(before)
    expect(server.env).toBe(env)
  })
})
