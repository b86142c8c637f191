import { basename, join } from 'node:path'
import { satisfies } from './compatibility'
import type { Manifest } from './manifest'

/**
 * Which program runs an extension's server, by its manifest's `server.type` (MCPB spec) and the
 * command its mcp_config names: what the user expects of `node`, `python` and `uv`
 * on a computer that has them under another name, or not at all. Pure but for `host`, so each
 * rule is tested as a table.
 *
 * - `node`: the system's Node when it is on the PATH and fits `compatibility.runtimes.node`;
 *   otherwise the app's own Node, as Claude Desktop does ("built-in Node.js", used when the
 *   system's is missing or outdated): the system's first, because it is the one the extension's
 *   author and the user can see, update and debug.
 * - `python` / `python3`: the name written if it is on the PATH, else the other one (Windows has
 *   `python`, many Linux and macOS systems only `python3`). A `python` server also gets the
 *   extension's bundled packages on PYTHONPATH (the spec's `server/lib`, `lib`), before any
 *   value it already has.
 * - `uv`: the spec's uv type leaves Python and the packages to uv, so uv itself must be there.
 * - `binary`: runs as written.
 */

export type ServerType = Manifest['server']['type']
export type RuntimeName = 'Node' | 'Python' | 'uv'

/** This process's own Node, when it can run a script: Electron as Node, or Node itself. */
export interface OwnNode {
  execPath: string
  version: string
  /** what makes the binary run as Node (ELECTRON_RUN_AS_NODE=1 for Electron) */
  env: Record<string, string>
}

export interface RuntimeHost {
  /** a command as a server's start finds it (the login shell's PATH; for uv, then the bundled one) */
  find(command: string): Promise<string | undefined>
  /** the version a runtime prints for `--version`, undefined when it prints none */
  version(path: string): Promise<string | undefined>
  ownNode(): Promise<OwnNode | undefined>
  isDirectory(path: string): Promise<boolean>
  /** PYTHONPATH's separator: `;` on Windows, `:` elsewhere */
  delimiter: string
}

export interface RuntimeInput {
  type: ServerType
  /** the mcp_config command, its variables filled in */
  command: string
  /** the server's env as configured, variables filled in */
  env: Record<string, string>
  /** what the server also inherits (the login shell's environment): an existing PYTHONPATH */
  inherited?: Record<string, string>
  /** the extension's folder */
  dirname: string
  /** the manifest's compatibility.runtimes */
  wanted?: { node?: string; python?: string }
}

export interface RuntimeChoice {
  command: string
  env: Record<string, string>
  /** the runtime that will run it, for compatibility.runtimes; none for a binary */
  runtime?: { name: RuntimeName; path: string; version?: string; own?: boolean }
  /** what was chosen instead of what the manifest wrote, for the log and the install preview */
  notes: string[]
}

/** The runtime a server needs is not on this computer: what to install, in words. */
export class RuntimeNotFound extends Error {
  override name = 'RuntimeNotFound'
  constructor(readonly runtime: RuntimeName, message: string) {
    super(message)
  }
}

/** Folders of a Python extension that hold its code and bundled packages (MCPB: `server/lib`, `lib`). */
export const PYTHON_PACKAGE_FOLDERS = ['server/lib', 'lib', 'server'] as const

const NODE_HINT = 'install Node.js (https://nodejs.org) and restart MCP Studio'
const PYTHON_HINT = 'install Python 3 (https://www.python.org/downloads/) and restart MCP Studio'
const UV_HINT = 'install uv (https://docs.astral.sh/uv/getting-started/installation/), which fetches the Python and packages this extension needs, and restart MCP Studio'

/** `node`, `python3.exe` → the bare name; a path (`./bin/node`, `${__dirname}/…`) is not a PATH command. */
function pathCommand(command: string): string | undefined {
  if (/[\\/]/.test(command) || command.includes('${')) return undefined
  return basename(command).toLowerCase().replace(/\.exe$/, '')
}

export async function chooseRuntime(input: RuntimeInput, host: RuntimeHost): Promise<RuntimeChoice> {
  const name = pathCommand(input.command)
  const choice: RuntimeChoice =
    name === 'node'
      ? await chooseNode(input, host)
      : name === 'python' || name === 'python3'
        ? await choosePython(input, name, host)
        : name === 'uv'
          ? await chooseUv(input, host)
          : { command: input.command, env: { ...input.env }, notes: [] }
  if (input.type === 'python') choice.env = await withPythonPath(input, choice.env, host)
  return choice
}

async function chooseNode(input: RuntimeInput, host: RuntimeHost): Promise<RuntimeChoice> {
  const range = input.wanted?.node
  const system = await host.find(input.command)
  const systemVersion = system && range ? await host.version(system) : undefined
  const fits = (version: string | undefined) => !range || !version || satisfies(version, range)
  if (system && fits(systemVersion)) {
    return { command: input.command, env: { ...input.env }, runtime: { name: 'Node', path: system, version: systemVersion }, notes: [] }
  }
  const own = await host.ownNode()
  if (own && satisfies(own.version, range ?? '*')) {
    const why = system ? `the system's Node (${system}) is ${systemVersion}, and it needs ${range}` : 'no node is on your PATH'
    return {
      command: own.execPath,
      env: { ...input.env, ...own.env },
      runtime: { name: 'Node', path: own.execPath, version: own.version, own: true },
      notes: [`${why}: it runs with MCP Studio's own Node ${own.version}`]
    }
  }
  // an outdated system Node is still the one that runs it (compatibility names the versions)
  if (system) return { command: input.command, env: { ...input.env }, runtime: { name: 'Node', path: system, version: systemVersion }, notes: [] }
  throw new RuntimeNotFound('Node', `it runs with Node.js (server.type "${input.type}"), and no node is on your PATH: ${NODE_HINT}`)
}

async function choosePython(input: RuntimeInput, name: 'python' | 'python3', host: RuntimeHost): Promise<RuntimeChoice> {
  const other = name === 'python3' ? 'python' : 'python3'
  let command = input.command
  let path = await host.find(command)
  const notes: string[] = []
  if (!path && (path = await host.find(other))) {
    notes.push(`${name} is not on your PATH; it runs with ${other} (${path})`)
    command = other
  }
  if (!path) throw new RuntimeNotFound('Python', `it runs with Python (server.type "${input.type}"), and neither python3 nor python is on your PATH: ${PYTHON_HINT}`)
  const version = input.wanted?.python ? await host.version(path) : undefined
  return { command, env: { ...input.env }, runtime: { name: 'Python', path, version }, notes }
}

async function chooseUv(input: RuntimeInput, host: RuntimeHost): Promise<RuntimeChoice> {
  const path = await host.find(input.command)
  if (!path) throw new RuntimeNotFound('uv', `it runs with uv (server.type "${input.type}"), which is not on your PATH: ${UV_HINT}`)
  // uv picks the Python the extension's pyproject asks for, so no system Python is checked
  return { command: input.command, env: { ...input.env }, runtime: { name: 'uv', path }, notes: [] }
}

/** PYTHONPATH with the extension's package folders first, then what it had (its own or inherited). */
async function withPythonPath(input: RuntimeInput, env: Record<string, string>, host: RuntimeHost): Promise<Record<string, string>> {
  const folders: string[] = []
  for (const folder of PYTHON_PACKAGE_FOLDERS) {
    const path = join(input.dirname, folder)
    if (await host.isDirectory(path)) folders.push(path)
  }
  if (!folders.length) return env
  const existing = (env.PYTHONPATH ?? input.inherited?.PYTHONPATH ?? '').split(host.delimiter).filter(Boolean)
  return { ...env, PYTHONPATH: [...new Set([...folders, ...existing])].join(host.delimiter) }
}
