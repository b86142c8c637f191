import { BuiltinServerNames, isBuiltinServer, isBuiltinServerName, type BuiltinServerName } from './builtin'
import type { McpServer } from './server'

/**
 * Which public package does what a built-in does, so an exported list works in other hosts
 * (which cannot run our in-process servers). The export marks each such entry with
 * `studioBuiltin`, so importing the file back here gives the built-in again.
 */
export const STUDIO_BUILTIN_KEY = 'studioBuiltin'

interface Equivalent {
  command: string
  /** the package's own arguments, before the built-in's (the filesystem's folders) */
  args: string[]
  /** the built-in's settings the package reads under the same names; the others are ours alone */
  env: readonly string[]
}

const EQUIVALENTS: Record<BuiltinServerName, Equivalent> = {
  [BuiltinServerNames.memory]: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: ['MEMORY_FILE_PATH'] },
  [BuiltinServerNames.filesystem]: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'], env: [] },
  [BuiltinServerNames.sequentialThinking]: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-sequential-thinking'], env: [] },
  [BuiltinServerNames.fetch]: { command: 'uvx', args: ['mcp-server-fetch'], env: [] }
}

/** The stdio command another host runs for this built-in; undefined for any other server. */
export function publicEquivalent(server: McpServer): { command: string; args: string[]; env?: Record<string, string> } | undefined {
  if (!isBuiltinServer(server) || !isBuiltinServerName(server.name)) return undefined
  const equivalent = EQUIVALENTS[server.name]
  const env = Object.fromEntries(Object.entries(server.env ?? {}).filter(([name]) => equivalent.env.includes(name)))
  return { command: equivalent.command, args: [...equivalent.args, ...(server.args ?? [])], ...(Object.keys(env).length ? { env } : {}) }
}

/** An exported built-in read back: its own args (the package's taken off) for the in-process server. */
export function builtinArgsFrom(name: BuiltinServerName, args: readonly string[] | undefined): string[] | undefined {
  const own = EQUIVALENTS[name].args
  const rest = args && own.every((arg, i) => args[i] === arg) ? args.slice(own.length) : args
  return rest?.length ? [...rest] : undefined
}
