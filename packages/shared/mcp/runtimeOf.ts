import { z } from 'zod'
import { commandName } from './packageTool'

/**
 * The runtimes a local server may need, and which one a command needs: one rule for main (which
 * detects them and refuses a start whose runtime is missing), the CLI and the page.
 */

export const RUNTIME_NAMES = ['node', 'uv', 'bun', 'python', 'docker'] as const
export const runtimeName = z.enum(RUNTIME_NAMES)
export type RuntimeName = z.infer<typeof runtimeName>

/** The commands each runtime provides, the one that identifies it first. */
export const RUNTIME_COMMANDS: Record<RuntimeName, readonly string[]> = {
  node: ['node', 'npx'],
  uv: ['uv', 'uvx'],
  bun: ['bun', 'bunx'],
  python: ['python3', 'python'],
  docker: ['docker']
}

/** Where to get each runtime. */
export const RUNTIME_HOME: Record<RuntimeName, string> = {
  node: 'https://nodejs.org',
  uv: 'https://docs.astral.sh/uv/getting-started/installation/',
  bun: 'https://bun.sh',
  python: 'https://www.python.org/downloads/',
  docker: 'https://docs.docker.com/get-started/get-docker/'
}

/** How a runtime is shown to a person. */
export const RUNTIME_LABEL: Record<RuntimeName, string> = { node: 'Node.js', uv: 'uv', bun: 'Bun', python: 'Python', docker: 'Docker' }

/** `npx` → node, `/usr/bin/uvx` → uv, `python3.12` → python; undefined for anything else. */
export function runtimeOf(command: string | undefined): RuntimeName | undefined {
  if (!command) return undefined
  const name = commandName(command.trim())
  if (/^python(\d+(\.\d+)*)?$/.test(name)) return 'python'
  for (const runtime of RUNTIME_NAMES) if (RUNTIME_COMMANDS[runtime].includes(name)) return runtime
  return undefined
}

/** One runtime as main found it on this computer. */
export interface RuntimeStatus {
  runtime: RuntimeName
  found: boolean
  /** the runtime's own command (node, uv, bun, python3 or python, docker) */
  path?: string
  version?: string
  /** where it was found: the path the user set, the login shell's PATH, or the app's bundled tools */
  source?: 'configured' | 'path' | 'bundled'
  /** each command of the runtime and where it is (npx beside node, uvx beside uv …) */
  commands: { name: string; path?: string }[]
  /** the path the user set for it, if any */
  configuredPath?: string
  /** why a path the user set is not used (it was removed, or is no longer executable) */
  problem?: string
}
