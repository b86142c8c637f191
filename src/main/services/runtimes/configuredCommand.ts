import { dirname } from 'node:path'
import { RUNTIME_COMMANDS, type RuntimeName } from '@shared/mcp/runtimeOf'
import { executableProblem, findOnPath } from './findExecutable'

export type ConfiguredCommand = { command: string; argsBefore: string[] } | { problem: string }

/**
 * What runs a server's `name` (npx, uvx, python3 …) when the user set a path for its runtime:
 * that path for the runtime's own command, else the command beside it; uv and bun run their
 * tools themselves when uvx or bunx is not there.
 */
export async function configuredCommand(name: string, runtime: RuntimeName, path: string, pathExt?: string): Promise<ConfiguredCommand> {
  const problem = await executableProblem(path)
  if (problem) return { problem: `the path set for ${runtime} in Runtimes is not usable: ${problem}` }
  if (runtime === 'python' || name === RUNTIME_COMMANDS[runtime][0]) return { command: path, argsBefore: [] }
  const beside = await findOnPath(name, dirname(path), pathExt)
  if (beside) return { command: beside, argsBefore: [] }
  if (name === 'uvx') return { command: path, argsBefore: ['tool', 'run'] }
  if (name === 'bunx') return { command: path, argsBefore: ['x'] }
  return { problem: `${name} is not beside the ${runtime} set in Runtimes (${path})` }
}
