import { delimiter, isAbsolute, resolve } from 'node:path'
import which from 'which'
import { commandName, packageToolOf } from '@shared/mcp/packageTool'
import { RUNTIME_HOME, RUNTIME_LABEL, runtimeOf, type RuntimeName } from '@shared/mcp/runtimeOf'
import { configuredCommand } from '../runtimes/configuredCommand'
import { withPathOf } from '../runtimes/detectRuntimes'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { McpServerError } from './errors'
import type { LoginShellEnv } from './shellEnv'

/**
 * Turns a stdio server's `command` into what we spawn: the login-shell PATH,
 * npx → system or bundled bun, uv/uvx → system or bundled uv, registry mirrors, no proxies for
 * bun. Never mutates the server; every decision worth knowing is returned as a note for its log.
 */

export interface ResolverContext {
  loginEnv: () => Promise<LoginShellEnv>
  /** where bundled helper binaries (bun, uv, uvx) would be; only looked in, never downloaded */
  binDirs: readonly string[]
  platform?: NodeJS.Platform
  /** the path the user set per runtime (Runtimes), which wins over the PATH */
  runtimePaths?: () => Promise<Partial<Record<RuntimeName, string>>>
}

export interface ResolvedCommand {
  command: string
  args: string[]
  env: Record<string, string>
  cwd?: string
  notes: string[]
}

const NODE_HINT = 'install Node.js (https://nodejs.org), which provides npx, then restart MCP Studio, or set its path under Settings → Runtimes'
const UV_HINT = 'install uv (https://docs.astral.sh/uv/getting-started/installation/), which provides uv and uvx, then restart MCP Studio, or set its path under Settings → Runtimes'
const runtimeHint = (runtime: RuntimeName) =>
  `${RUNTIME_LABEL[runtime]} is not installed: get it from ${RUNTIME_HOME[runtime]}, then restart MCP Studio, or set its path under Settings → Runtimes`
const PROXY_VARS = /^(https?|all)_proxy$/i

async function findOnPath(command: string, path: string | undefined, pathExt: string | undefined) {
  // `which` would search the cwd (or process.env.PATH) for an empty path: we only search the one given
  if (!path && !command.includes('/') && !command.includes('\\')) return undefined
  return (await which(command, { path, pathExt, nothrow: true })) ?? undefined
}

export async function resolveStdioCommand(server: StdioServer, ctx: ResolverContext): Promise<ResolvedCommand> {
  if (!server.command) throw new McpServerError(server, 'BAD_CONFIG', 'a stdio server needs a command')
  const notes: string[] = []
  const login = await ctx.loginEnv()
  if (login.reason) notes.push(login.reason)
  // a fresh object: server.env is the caller's and stays untouched
  const env: Record<string, string> = { ...login.env, ...(server.env ?? {}) }
  const pathExt = env.PATHEXT ?? env.Pathext
  const searchPath = env.PATH ?? env.Path
  const bundled = (name: string) => findOnPath(name, ctx.binDirs.join(delimiter), pathExt)
  const name = commandName(server.command)
  let args = [...(server.args ?? [])]
  let command: string | undefined

  const runtime = runtimeOf(name)
  const hasFolder = server.command.includes('/') || server.command.includes('\\')
  const setPath = runtime && !hasFolder ? (await ctx.runtimePaths?.())?.[runtime] : undefined

  const chosen = runtime && setPath ? await configuredCommand(name, runtime, setPath, pathExt) : undefined
  // as Settings → Runtimes shows it: a set path that no longer works gives way to the PATH
  if (chosen && 'problem' in chosen) notes.push(`${chosen.problem}; looking on the PATH instead`)

  if (setPath && chosen && 'command' in chosen) {
    notes.push(`using ${chosen.command} for ${name} (set in Runtimes)`)
    command = chosen.command
    args = [...chosen.argsBefore, ...args]
    // what the runtime starts in turn (npx → node) comes from the same folder
    Object.assign(env, withPathOf(env, setPath))
  } else if (hasFolder) {
    const path = isAbsolute(server.command) ? server.command : resolve(server.cwd ?? process.cwd(), server.command)
    command = await findOnPath(path, searchPath, pathExt)
    if (!command) throw notFound(server, server.command, 'check the path in the server settings')
  } else if (name === 'npx') {
    command = await findOnPath(server.command, searchPath, pathExt)
    if (!command) {
      const bun = await bundled('bun')
      if (!bun) throw notFound(server, 'npx', NODE_HINT, 'RUNTIME_MISSING')
      notes.push(`npx is not installed; using the bundled bun (${bun}) as "bun x -y"`)
      command = bun
      args = ['x', '-y', ...args.filter((arg, i) => !(i === 0 && (arg === '-y' || arg === '--yes')))]
    }
  } else if (name === 'uvx' || name === 'uv') {
    command = await findOnPath(server.command, searchPath, pathExt)
    if (!command) {
      command = await bundled(name)
      // a bundled uv without uvx still runs tools: `uvx x` is `uv tool run x`
      if (!command && name === 'uvx' && (command = await bundled('uv'))) args = ['tool', 'run', ...args]
      if (!command) throw notFound(server, name, UV_HINT, 'RUNTIME_MISSING')
      notes.push(`${name} is not installed; using the bundled ${commandName(command)} (${command})`)
    }
  } else {
    command = await findOnPath(server.command, searchPath, pathExt)
    if (!command && runtime) throw notFound(server, server.command, runtimeHint(runtime), 'RUNTIME_MISSING')
    if (!command) {
      throw notFound(server, server.command, 'check the command, or install it and make sure it is on your PATH')
    }
  }

  const tool = commandName(command)
  if (server.registryUrl) {
    // what was configured decides; npx that fell back to the bundled bun is still npm
    const kind = packageToolOf(name) ?? packageToolOf(tool)
    if (kind === 'npm') {
      env.NPM_CONFIG_REGISTRY = server.registryUrl
      env.npm_config_registry = server.registryUrl
    } else if (kind === 'pip') {
      env.UV_DEFAULT_INDEX = server.registryUrl
      env.PIP_INDEX_URL = server.registryUrl
    }
  }
  if (tool.includes('bun')) {
    // bun mishandles proxy variables: package fetches fail behind them
    for (const key of Object.keys(env)) if (PROXY_VARS.test(key)) delete env[key]
  }
  return { command, args, env, cwd: server.cwd, notes }
}

function notFound(server: McpServer, command: string, hint: string, code: 'COMMAND_NOT_FOUND' | 'RUNTIME_MISSING' = 'COMMAND_NOT_FOUND'): McpServerError {
  return new McpServerError(server, code, `command not found: ${command} — ${hint}`)
}
