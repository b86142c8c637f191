import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { assembleHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { detectRuntimes } from '../../../src/main/services/runtimes/detectRuntimes'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { EVERYTHING, tempDir } from '../services/helpers'

/**
 * Runtimes as a user's computer has them: a folder that is the whole login PATH, holding small
 * shell scripts named like the real commands (some there, some not), and a host whose servers
 * start with that PATH.
 */

/**
 * A small executable shell script. Written by a shell of its own: a file this process held open
 * for writing while another test forked would fail to run with ETXTBSY.
 */
function script(dir: string, name: string, body: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  execFileSync('/bin/sh', ['-c', 'printf "%s\\n" "$1" > "$2" && chmod 755 "$2"', 'sh', `#!/bin/sh\n${body}`, file])
  return file
}

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

async function app(path: string) {
  const userDataDir = tempDir('mcp-runtimes-')
  const platform = createNodePlatform({ userDataDir })
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const loginShellEnv = async () => ({ env: { PATH: path, HOME: process.env.HOME ?? '/' }, source: 'process' as const })
  const host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500, loginShellEnv, binDirs: [] } }, registry)
  hosts.push(host)
  return { api: createDirectApi(host.router).api, registry }
}

async function addApproved(registry: ServerRegistry, command: string, args: string[]) {
  const [server] = await registry.add([{ id: `s-${command}`, name: `needs ${command}`, type: 'stdio', command, args, isActive: false }])
  await registry.approve(server.id)
  return server
}

describe('runtime detection', () => {
  it('finds what the PATH holds, with versions, and says what it lacks', async () => {
    const bin = tempDir('mcp-rt-path-')
    script(bin, 'node', 'echo v22.3.0')
    script(bin, 'npx', 'echo 10.8.1')
    script(bin, 'uvx', 'echo "uv-tool-run 0.4.18"')
    const found = await detectRuntimes({ env: { PATH: bin }, binDirs: [] })
    const by = Object.fromEntries(found.map((r) => [r.runtime, r]))
    expect(by.node).toMatchObject({ found: true, path: join(bin, 'node'), version: '22.3.0', source: 'path', commands: [{ name: 'node', path: join(bin, 'node') }, { name: 'npx', path: join(bin, 'npx') }] })
    // only uvx: uv servers run, and the runtime is found through it
    expect(by.uv).toMatchObject({ found: true, path: join(bin, 'uvx'), version: '0.4.18', commands: [{ name: 'uv' }, { name: 'uvx', path: join(bin, 'uvx') }] })
    for (const missing of ['bun', 'python', 'docker']) expect(by[missing]).toMatchObject({ found: false })
    expect(by.docker.path).toBeUndefined()
  })

  it('a runtime whose --version hangs is found without a version, and detection ends within the timeout', async () => {
    const bin = tempDir('mcp-rt-hang-')
    script(bin, 'python3', `exec "${process.execPath}" -e "setTimeout(() => {}, 600000)"`)
    const started = Date.now()
    const found = await detectRuntimes({ env: { PATH: bin }, binDirs: [], versionTimeoutMs: 300 })
    expect(Date.now() - started).toBeLessThan(10_000)
    const python = found.find((r) => r.runtime === 'python')!
    expect(python).toMatchObject({ found: true, path: join(bin, 'python3') })
    expect(python.version).toBeUndefined()
  })

  it('bundled uv is found after the PATH, and marked bundled', async () => {
    const bundled = tempDir('mcp-rt-bundled-')
    script(bundled, 'uv', 'echo "uv 0.5.1"')
    const [, uv] = await detectRuntimes({ env: { PATH: tempDir('mcp-rt-empty-') }, binDirs: [bundled] })
    expect(uv).toMatchObject({ runtime: 'uv', found: true, source: 'bundled', version: '0.5.1' })
  })
})

describe('a path the user sets', () => {
  it('is checked by main: a relative path, a missing file and a file that cannot run are refused, naming the runtime', async () => {
    const { api } = await app(tempDir('mcp-rt-empty-'))
    await expect(api.app.setRuntimePath({ runtime: 'uv', path: 'bin/uv' })).rejects.toMatchObject({ code: 'INVALID_RUNTIME_PATH', message: expect.stringContaining('path of uv: "bin/uv" is not an absolute path') })
    await expect(api.app.setRuntimePath({ runtime: 'uv', path: '/no/such/uv' })).rejects.toMatchObject({ message: expect.stringContaining('/no/such/uv does not exist') })
    const plain = join(tempDir('mcp-rt-plain-'), 'uv')
    writeFileSync(plain, 'not a program')
    await expect(api.app.setRuntimePath({ runtime: 'uv', path: plain })).rejects.toMatchObject({ message: expect.stringContaining(`${plain} is not executable`) })
    expect((await api.app.runtimes()).find((r) => r.runtime === 'uv')).toMatchObject({ found: false })
  })

  it('wins over the PATH, and a server whose command is that runtime runs it', async () => {
    const onPath = tempDir('mcp-rt-path-')
    script(onPath, 'uv', 'echo "uv 0.1.0"; exit 1')
    const mine = tempDir('mcp-rt-mine-')
    // the user's uv (no uvx beside it): `uvx X` becomes `uv tool run X`, here a real MCP server
    const uv = script(mine, 'uv', `[ "$1" = "--version" ] && { echo "uv 0.6.2"; exit 0; }\n[ "$1 $2 $3" = "tool run mcp-server-time" ] || exit 3\nexec "${process.execPath}" "${EVERYTHING}" stdio`)
    const { api, registry } = await app(onPath)
    const after = await api.app.setRuntimePath({ runtime: 'uv', path: uv })
    expect(after.find((r) => r.runtime === 'uv')).toMatchObject({ found: true, path: uv, version: '0.6.2', source: 'configured', configuredPath: uv })
    const server = await addApproved(registry, 'uvx', ['mcp-server-time'])
    const result = await api.mcp.callTool({ serverId: server.id, name: 'echo', args: { message: 'from my uv' } })
    expect(JSON.stringify(result)).toContain('from my uv')
    const logs = (await api.mcp.getServerLogs({ serverId: server.id })).map((entry) => entry.message)
    expect(logs).toContain(`starting ${uv} tool run mcp-server-time`)
    // cleared: the PATH's uv again
    const cleared = await api.app.setRuntimePath({ runtime: 'uv', path: null })
    expect(cleared.find((r) => r.runtime === 'uv')).toMatchObject({ path: join(onPath, 'uv'), source: 'path' })
  })
})

describe('a path the user set that is gone', () => {
  it('gives way to the PATH, as the Runtimes section shows, and the server log says why', async () => {
    const onPath = tempDir('mcp-rt-path-')
    script(onPath, 'uvx', `exec "${process.execPath}" "${EVERYTHING}" stdio`)
    const mine = tempDir('mcp-rt-mine-')
    const uv = script(mine, 'uv', 'echo "uv 0.6.2"')
    const { api, registry } = await app(onPath)
    await api.app.setRuntimePath({ runtime: 'uv', path: uv })
    rmSync(uv)
    const [status] = (await api.app.runtimes({ refresh: true })).filter((r) => r.runtime === 'uv')
    expect(status).toMatchObject({ found: true, path: join(onPath, 'uvx'), source: 'path', problem: `${uv} does not exist` })
    const server = await addApproved(registry, 'uvx', ['mcp-server-time'])
    expect(JSON.stringify(await api.mcp.callTool({ serverId: server.id, name: 'echo', args: { message: 'from the PATH' } }))).toContain('from the PATH')
    const logs = (await api.mcp.getServerLogs({ serverId: server.id })).map((entry) => entry.message)
    expect(logs).toContain(`the path set for uv in Runtimes is not usable: ${uv} does not exist; looking on the PATH instead`)
    expect(logs).toContain(`starting ${join(onPath, 'uvx')} mcp-server-time`)
  })
})

describe('a server whose runtime is missing', () => {
  it('fails at once, naming the runtime and where to get it, and its state says so', async () => {
    const { api, registry } = await app(tempDir('mcp-rt-empty-'))
    const time = await addApproved(registry, 'uvx', ['mcp-server-time'])
    await expect(api.mcp.callTool({ serverId: time.id, name: 'x', args: {} })).rejects.toMatchObject({
      code: 'RUNTIME_MISSING',
      message: expect.stringContaining('command not found: uvx — install uv (https://docs.astral.sh/uv/getting-started/installation/)')
    })
    expect((await api.mcp.getStates())[time.id]).toMatchObject({ status: 'failed', code: 'RUNTIME_MISSING' })
    // nothing was started
    expect((await api.mcp.getServerLogs({ serverId: time.id })).some((entry) => entry.message.startsWith('starting '))).toBe(false)

    const docker = await addApproved(registry, 'docker', ['run', '-i', '--rm', 'mcp/time'])
    await expect(api.mcp.callTool({ serverId: docker.id, name: 'x', args: {} })).rejects.toMatchObject({
      code: 'RUNTIME_MISSING',
      message: expect.stringContaining('Docker is not installed: get it from https://docs.docker.com/get-started/get-docker/')
    })
  })
})
