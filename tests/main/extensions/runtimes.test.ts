import { execFileSync } from 'node:child_process'
import { readFileSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assembleHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { ROOT, tempDir } from '../services/helpers'
import { helloArchive, helloManifest, zip } from './archives'
import { anyKindFields } from '@shared/mcp/server'

/**
 * server.type at start, with real child processes: a Python extension run by the python3 that
 * is there when its manifest says `python`, with its bundled packages on PYTHONPATH; a Node one
 * run by the app's own Node when the PATH has none; a uv one without uv. The PATH the servers
 * get is the login shell's, given here as a folder holding only what each case needs.
 * Needs python3 (CI installs it: .ci/run).
 */

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

let python3: string
let pythonVersion: string
beforeAll(() => {
  // the real interpreter, not a version manager's shim that needs its own PATH
  python3 = execFileSync('python3', ['-c', 'import os, sys; print(os.path.realpath(sys.executable))']).toString().trim()
  pythonVersion = execFileSync(python3, ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])']).toString().trim()
})

/** A folder to be the whole login PATH, with links to the commands given. */
function pathWith(commands: Record<string, string>): string {
  const bin = tempDir('mcp-ext-path-')
  for (const [name, target] of Object.entries(commands)) symlinkSync(target, join(bin, name))
  return bin
}

async function app(path: string) {
  const userDataDir = tempDir('mcp-ext-rt-')
  const platform = createNodePlatform({ userDataDir })
  const registry = new ServerRegistry({ userDataDir })
  await registry.load()
  const loginShellEnv = async () => ({ env: { PATH: path, HOME: process.env.HOME ?? '/', PYTHONPATH: '/from/the/login/shell' }, source: 'process' as const })
  const host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500, loginShellEnv, binDirs: [] } }, registry)
  hosts.push(host)
  return { api: createDirectApi(host.router).api, host, extensions: join(userDataDir, 'mcp', 'extensions') }
}

const FIXTURE = join(ROOT, 'tests/fixtures/extensions/python-hello')
function pythonArchive(manifest: Record<string, unknown> = {}): Promise<Buffer> {
  return zip([
    {
      name: 'manifest.json',
      data: JSON.stringify({
        manifest_version: '0.3',
        name: 'python-hello',
        version: '1.0.0',
        description: 'A Python extension',
        author: { name: 'Test Author' },
        server: { type: 'python', entry_point: 'server/main.py', mcp_config: { command: 'python', args: ['${__dirname}/server/main.py'] } },
        compatibility: { claude_desktop: '>=0.10.0', runtimes: { python: '>=3.8' } },
        ...manifest
      })
    },
    { name: 'server/main.py', data: readFileSync(join(FIXTURE, 'server/main.py')) },
    { name: 'server/lib/greetings.py', data: readFileSync(join(FIXTURE, 'server/lib/greetings.py')) }
  ])
}

const base64 = (data: Buffer) => data.toString('base64')
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text

describe('the runtime an extension runs with', () => {
  it('python written, only python3 here: python3 runs it, with its bundled packages first on PYTHONPATH', async () => {
    const bin = pathWith({ python3 })
    const { api, extensions } = await app(bin)
    const preview = await api.extensions.stage({ fileName: 'py.mcpb', dataBase64: base64(await pythonArchive()) })
    expect(preview.compatibility).toEqual({
      ok: true,
      problems: [],
      notes: ['written for Claude Desktop >=0.10.0; MCP Studio shows this range but does not check it', `python is not on your PATH; it runs with python3 (${join(bin, 'python3')})`]
    })
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: {} })
    const folder = join(extensions, 'python-hello')
    const info = JSON.parse(text(await api.mcp.callTool({ serverId: server.id, name: 'where', args: {} })))
    expect(info).toEqual({
      greeting: 'hello from the bundled package',
      python: pythonVersion,
      pythonpath: [join(folder, 'server/lib'), join(folder, 'server'), '/from/the/login/shell'].join(':')
    })
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    expect(logs.map((entry) => entry.message)).toContain(`python is not on your PATH; it runs with python3 (${join(bin, 'python3')})`)
    // the folders on PYTHONPATH are paths, not secrets: the log shows them
    expect(JSON.stringify(logs)).not.toContain('<redacted>')
  })

  it('a Python version the manifest excludes is refused, naming the range, the interpreter and its version', async () => {
    const bin = pathWith({ python3 })
    const { api } = await app(bin)
    const preview = await api.extensions.stage({ fileName: 'py.mcpb', dataBase64: base64(await pythonArchive({ compatibility: { runtimes: { python: '>=99' } } })) })
    expect(preview.compatibility.ok).toBe(false)
    expect(preview.compatibility.problems).toEqual([`it needs Python >=99; the Python that would run it, ${join(bin, 'python3')}, is ${pythonVersion}`])
    await expect(api.extensions.install({ stageId: preview.stageId, userConfig: {} })).rejects.toMatchObject({ code: 'INCOMPATIBLE' })
  })

  it('no Python at all: the preview says what to install, and the start is refused saying it', async () => {
    const { api, host } = await app(pathWith({}))
    const preview = await api.extensions.stage({ fileName: 'py.mcpb', dataBase64: base64(await pythonArchive()) })
    expect(preview.compatibility.notes[1]).toMatch(/neither python3 nor python is on your PATH: install Python 3/)
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: {} })
    await expect(api.mcp.callTool({ serverId: server.id, name: 'where', args: {} })).rejects.toMatchObject({
      code: 'RUNTIME_MISSING',
      message: expect.stringMatching(
        /Python is missing: it runs with Python \(server\.type "python"\), and neither python3 nor python is on your PATH: install Python 3 \(https:\/\/www\.python\.org\/downloads\/\) and restart MCP Studio, or set its path under Settings → Runtimes$/
      )
    })
    // refused before anything was spawned: no process, no start in its log
    expect(host.mcp.pidOf(server)).toBeUndefined()
    expect((await api.mcp.getServerLogs({ serverId: server.id })).map((entry) => entry.message).filter((message) => message.startsWith('starting '))).toEqual([])
  })

  it('no Python on the PATH but its path set in Settings → Runtimes: the preview finds it there and the start runs it', async () => {
    const { api } = await app(pathWith({}))
    const elsewhere = pathWith({ python3 })
    await api.app.setRuntimePath({ runtime: 'python', path: join(elsewhere, 'python3') })
    const preview = await api.extensions.stage({ fileName: 'py.mcpb', dataBase64: base64(await pythonArchive()) })
    expect(preview.compatibility).toMatchObject({ ok: true, problems: [] })
    expect(preview.compatibility.notes.join(' ')).not.toContain('PATH')
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: {} })
    const info = JSON.parse(text(await api.mcp.callTool({ serverId: server.id, name: 'where', args: {} })))
    expect(info.python).toBe(pythonVersion)
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    expect(logs.map((entry) => entry.message)).toContain(`starting ${join(elsewhere, 'python3')} ${join(anyKindFields(server).dxtPath!, 'server/main.py')}`)
  })

  it('node written, a Node set in Settings → Runtimes: that one runs it, not the app’s own', async () => {
    const { api } = await app(pathWith({}))
    const setNode = join(pathWith({ node: process.execPath }), 'node')
    await api.app.setRuntimePath({ runtime: 'node', path: setNode })
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive()) })
    expect(preview.compatibility.notes).toEqual([])
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hoi' } })
    expect(text(await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'Set' } }))).toContain('Hoi, Set!')
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    expect(logs.map((entry) => entry.message)).toContain(`starting ${setNode} ${join(anyKindFields(server).dxtPath!, 'server/index.mjs')}`)
  })

  it('node written, no node on the PATH: the app’s own Node runs it', async () => {
    const { api } = await app(pathWith({}))
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: base64(await helloArchive(helloManifest({ compatibility: { runtimes: { node: `>=${process.versions.node.split('.')[0]}` } } }))) })
    expect(preview.compatibility).toMatchObject({ ok: true, notes: [`no node is on your PATH: it runs with MCP Studio's own Node ${process.versions.node}`] })
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi' } })
    expect(text(await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'Bo' } }))).toContain('Hi, Bo!')
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    expect(logs.map((entry) => entry.message)).toContain(`starting ${resolve(process.execPath)} ${join(anyKindFields(server).dxtPath!, 'server/index.mjs')}`)
  })

  it('a uv extension without uv: the preview and the start say to install uv', async () => {
    const { api } = await app(pathWith({ python3 }))
    const archive = await pythonArchive({ server: { type: 'uv', entry_point: 'server/main.py', mcp_config: { command: 'uv', args: ['run', '--directory', '${__dirname}', 'server/main.py'] } }, manifest_version: '0.4' })
    const preview = await api.extensions.stage({ fileName: 'uv.mcpb', dataBase64: base64(archive) })
    expect(preview.compatibility.ok).toBe(true)
    expect(preview.compatibility.notes).toContain(
      'it runs with uv (server.type "uv"), which is not on your PATH: install uv (https://docs.astral.sh/uv/getting-started/installation/), which fetches the Python and packages this extension needs, and restart MCP Studio'
    )
    const server = await api.extensions.install({ stageId: preview.stageId, userConfig: {} })
    await expect(api.mcp.callTool({ serverId: server.id, name: 'where', args: {} })).rejects.toMatchObject({ code: 'RUNTIME_MISSING', message: expect.stringMatching(/uv is missing: .*install uv/) })
  })
})
