import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findOwnNode, runAsNodeFuseOn } from '../../../src/main/services/extensions/ownNode'
import { chooseRuntime, RuntimeNotFound, type OwnNode, type RuntimeChoice, type RuntimeHost, type RuntimeInput } from '../../../src/main/services/extensions/serverRuntime'
import { tempDir } from '../services/helpers'

/** A computer described by what is on its PATH, the versions those print, its own Node and the extension's folders. */
interface Machine {
  onPath?: Record<string, string>
  versions?: Record<string, string>
  own?: OwnNode
  folders?: string[]
}

const ELECTRON: OwnNode = { execPath: '/opt/MCP Studio/mcp-studio', version: '22.19.0', env: { ELECTRON_RUN_AS_NODE: '1' } }

function host(machine: Machine): RuntimeHost {
  return {
    find: async (command) => machine.onPath?.[command],
    version: async (path) => machine.versions?.[path],
    ownNode: async () => machine.own,
    isDirectory: async (path) => (machine.folders ?? []).includes(path),
    delimiter: ':'
  }
}

const input = (over: Partial<RuntimeInput>): RuntimeInput => ({ type: 'node', command: 'node', env: { A: '1' }, dirname: '/ext', ...over })

describe('which program runs an extension (server.type and its command)', () => {
  const cases: [string, Partial<RuntimeInput>, Machine, Partial<RuntimeChoice>][] = [
    ['node on the PATH runs it', {}, { onPath: { node: '/usr/bin/node' }, own: ELECTRON }, { command: 'node', env: { A: '1' }, runtime: { name: 'Node', path: '/usr/bin/node', version: undefined }, notes: [] }],
    [
      'no node on the PATH: the app’s own Node, as Node',
      {},
      { own: ELECTRON },
      {
        command: ELECTRON.execPath,
        env: { A: '1', ELECTRON_RUN_AS_NODE: '1' },
        runtime: { name: 'Node', path: ELECTRON.execPath, version: '22.19.0', own: true },
        notes: ["no node is on your PATH: it runs with MCP Studio's own Node 22.19.0"]
      }
    ],
    [
      'the system’s Node is older than the manifest asks: the app’s own, which fits',
      { wanted: { node: '>=22' } },
      { onPath: { node: '/usr/bin/node' }, versions: { '/usr/bin/node': '18.19.0' }, own: ELECTRON },
      { command: ELECTRON.execPath, notes: ["the system's Node (/usr/bin/node) is 18.19.0, and it needs >=22: it runs with MCP Studio's own Node 22.19.0"] }
    ],
    [
      'neither fits: the system’s, with its version for the compatibility check',
      { wanted: { node: '>=24' } },
      { onPath: { node: '/usr/bin/node' }, versions: { '/usr/bin/node': '18.19.0' }, own: ELECTRON },
      { command: 'node', runtime: { name: 'Node', path: '/usr/bin/node', version: '18.19.0' } }
    ],
    ['python3 on the PATH', { type: 'python', command: 'python3' }, { onPath: { python3: '/usr/bin/python3' } }, { command: 'python3', runtime: { name: 'Python', path: '/usr/bin/python3', version: undefined }, notes: [] }],
    [
      'python3 missing, python there: python',
      { type: 'python', command: 'python3', wanted: { python: '>=3.10' } },
      { onPath: { python: 'C:\\Python312\\python.exe' }, versions: { 'C:\\Python312\\python.exe': '3.12.1' } },
      { command: 'python', runtime: { name: 'Python', path: 'C:\\Python312\\python.exe', version: '3.12.1' }, notes: ['python3 is not on your PATH; it runs with python (C:\\Python312\\python.exe)'] }
    ],
    ['python missing, python3 there: python3', { type: 'python', command: 'python' }, { onPath: { python3: '/usr/bin/python3' } }, { command: 'python3', notes: ['python is not on your PATH; it runs with python3 (/usr/bin/python3)'] }],
    [
      'a python server gets its bundled packages first on PYTHONPATH, keeping its own value',
      { type: 'python', command: 'python3', env: { PYTHONPATH: '/mine' } },
      { onPath: { python3: '/usr/bin/python3' }, folders: ['/ext/server/lib', '/ext/server'] },
      { env: { PYTHONPATH: '/ext/server/lib:/ext/server:/mine' } }
    ],
    [
      '… or the one it inherits from the login shell, each folder once',
      { type: 'python', command: 'python3', env: {}, inherited: { PYTHONPATH: '/site:/ext/lib' } },
      { onPath: { python3: '/usr/bin/python3' }, folders: ['/ext/lib'] },
      { env: { PYTHONPATH: '/ext/lib:/site' } }
    ],
    ['no package folders: PYTHONPATH untouched', { type: 'python', command: 'python3', env: {} }, { onPath: { python3: '/usr/bin/python3' } }, { env: {} }],
    ['a python binary inside the extension (a venv) runs as written', { type: 'python', command: '/ext/server/venv/bin/python', env: {} }, {}, { command: '/ext/server/venv/bin/python', runtime: undefined, env: {} }],
    ['uv runs it, with no Python checked (uv brings one)', { type: 'uv', command: 'uv', wanted: { python: '>=3.99' } }, { onPath: { uv: '/usr/local/bin/uv' } }, { command: 'uv', runtime: { name: 'uv', path: '/usr/local/bin/uv' }, env: { A: '1' } }],
    ['a uv extension gets no PYTHONPATH', { type: 'uv', command: 'uv', env: {} }, { onPath: { uv: '/usr/local/bin/uv' }, folders: ['/ext/lib'] }, { env: {} }],
    ['binary: as written', { type: 'binary', command: '/ext/server/tool' }, {}, { command: '/ext/server/tool', env: { A: '1' }, runtime: undefined, notes: [] }]
  ]
  it.each(cases)('%s', async (_name, given, machine, expected) => {
    const { runtime, ...rest } = expected
    const choice = await chooseRuntime(input(given), host(machine))
    expect(choice).toMatchObject(rest)
    if ('runtime' in expected) expect(choice.runtime).toEqual(runtime)
  })

  const missing: [string, Partial<RuntimeInput>, Machine, RegExp][] = [
    ['no node anywhere (a packaged app has no own Node)', {}, {}, /it runs with Node\.js \(server\.type "node"\), and no node is on your PATH: install Node\.js \(https:\/\/nodejs\.org\)/],
    ['no python3 nor python', { type: 'python', command: 'python3' }, {}, /neither python3 nor python is on your PATH: install Python 3 \(https:\/\/www\.python\.org\/downloads\/\)/],
    ['no uv', { type: 'uv', command: 'uv' }, { onPath: { python3: '/usr/bin/python3' } }, /it runs with uv \(server\.type "uv"\), which is not on your PATH: install uv \(https:\/\/docs\.astral\.sh\/uv\//]
  ]
  it.each(missing)('%s: a clear error naming what to install', async (_name, given, machine, message) => {
    const error = await chooseRuntime(input(given), host(machine)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RuntimeNotFound)
    expect((error as Error).message).toMatch(message)
  })
})

describe("the app's own Node", () => {
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
  /** Electron's fuse wire (sentinel, version 1, length, one byte per fuse), far into a file, across a read boundary. */
  function binary(runAsNode: '0' | '1' | 'r'): string {
    const file = join(tempDir('mcp-own-node-'), 'electron')
    writeFileSync(file, Buffer.concat([Buffer.alloc((1 << 20) - 10, 7), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(`${runAsNode}1110001`), Buffer.alloc(4096, 9)]))
    return file
  }

  it('reads the RunAsNode fuse: on in a development Electron, off (or removed) in the packaged app', async () => {
    expect(await runAsNodeFuseOn(binary('1'))).toBe(true)
    expect(await runAsNodeFuseOn(binary('0'))).toBe(false)
    expect(await runAsNodeFuseOn(binary('r'))).toBe(false)
    const none = join(tempDir('mcp-own-node-'), 'plain')
    writeFileSync(none, Buffer.alloc(5000, 1))
    expect(await runAsNodeFuseOn(none)).toBe(false)
  })

  it('is process.execPath as Node in Electron only when the fuse lets it run as Node; plain Node is Node already', async () => {
    expect(await findOwnNode({ execPath: '/usr/bin/node', versions: { ...process.versions, electron: undefined } as never, platform: 'linux' })).toEqual({ execPath: '/usr/bin/node', version: process.versions.node, env: {} })
    const on = binary('1')
    expect(await findOwnNode({ execPath: on, versions: { ...process.versions, electron: '45.6.1' }, platform: 'linux' })).toEqual({ execPath: on, version: process.versions.node, env: { ELECTRON_RUN_AS_NODE: '1' } })
    expect(await findOwnNode({ execPath: binary('0'), versions: { ...process.versions, electron: '45.6.1' }, platform: 'linux' })).toBeUndefined()
  })
})
