import { delimiter, dirname } from 'node:path'
import { RUNTIME_COMMANDS, RUNTIME_NAMES, type RuntimeName, type RuntimeStatus } from '@shared/mcp/runtimeOf'
import { executableProblem, findOnPath } from './findExecutable'
import { versionOf } from './runtimeVersion'

/** Where runtimes are looked for: the environment servers start with, the bundled tools, the user's paths. */
export interface RuntimeSearch {
  /** the environment whose PATH is searched (the login shell's, as stdio servers get it) */
  env: Record<string, string>
  /** folders with bundled uv / uvx / bun, looked in after the PATH */
  binDirs: readonly string[]
  /** a path the user set per runtime, which wins over the PATH */
  configured?: Partial<Record<RuntimeName, string>>
  versionTimeoutMs?: number
}

// only uv and bun are ever bundled with the app
const BUNDLED: ReadonlySet<RuntimeName> = new Set(['uv', 'bun'])

/** Every runtime, found or missing, each with its path, version and commands; all at once. */
export function detectRuntimes(search: RuntimeSearch): Promise<RuntimeStatus[]> {
  return Promise.all(RUNTIME_NAMES.map((runtime) => detectRuntime(runtime, search)))
}

export async function detectRuntime(runtime: RuntimeName, search: RuntimeSearch): Promise<RuntimeStatus> {
  const names = RUNTIME_COMMANDS[runtime]
  const pathExt = search.env.PATHEXT ?? search.env.Pathext
  const configuredPath = search.configured?.[runtime]
  const problem = configuredPath ? await executableProblem(configuredPath) : undefined

  let source: RuntimeStatus['source']
  let commands: RuntimeStatus['commands']
  if (configuredPath && !problem) {
    // the user's path is the runtime; its other commands are the ones beside it
    source = 'configured'
    commands = await Promise.all(names.map(async (name, i) => ({ name, path: i === 0 ? configuredPath : await findOnPath(name, dirname(configuredPath), pathExt) })))
    if (runtime === 'python') commands = [{ name: names[0], path: configuredPath }]
  } else {
    const lookIn = async (path: string | undefined) => Promise.all(names.map(async (name) => ({ name, path: await findOnPath(name, path, pathExt) })))
    commands = await lookIn(search.env.PATH ?? search.env.Path)
    source = commands.some((c) => c.path) ? 'path' : undefined
    if (!source && BUNDLED.has(runtime)) {
      commands = await lookIn(search.binDirs.join(delimiter))
      source = commands.some((c) => c.path) ? 'bundled' : undefined
    }
  }
  // its own command first (node before npx); a uvx alone still runs uvx servers
  const main = commands.find((c) => c.path)
  const version = main?.path ? await versionOf(main.path, withPathOf(search.env, main.path), search.versionTimeoutMs) : undefined
  return {
    runtime,
    found: !!main?.path,
    ...(main?.path ? { path: main.path, source } : {}),
    ...(version ? { version } : {}),
    commands,
    ...(configuredPath ? { configuredPath } : {}),
    ...(problem ? { problem } : {})
  }
}

/** The environment with the command's own folder first on PATH: npx's `#!/usr/bin/env node` finds the node beside it. */
export function withPathOf(env: Record<string, string>, command: string): Record<string, string> {
  const key = env.PATH === undefined && env.Path !== undefined ? 'Path' : 'PATH'
  const rest = env[key]
  return { ...env, [key]: rest ? `${dirname(command)}${delimiter}${rest}` : dirname(command) }
}
