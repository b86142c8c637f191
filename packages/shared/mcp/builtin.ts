import type { InMemoryServer, McpServer } from './server'

/** The servers MCP Studio runs in its own process (type `inMemory`, matched by `name`). */
export const BuiltinServerNames = {
  memory: '@studio/memory',
  filesystem: '@studio/filesystem',
  sequentialThinking: '@studio/sequential-thinking',
  fetch: '@studio/fetch'
} as const

export type BuiltinServerName = (typeof BuiltinServerNames)[keyof typeof BuiltinServerNames]

const names: ReadonlySet<string> = new Set(Object.values(BuiltinServerNames))

/** The built-ins' settings that are never secret (a file path, a switch, a number): shown, not redacted. */
export const BUILTIN_PLAIN_SETTINGS: ReadonlySet<string> = new Set(['MEMORY_FILE_PATH', 'FETCH_ALLOW_PRIVATE', 'FETCH_TIMEOUT_MS', 'FETCH_MAX_BYTES'])

export function isBuiltinServerName(name: string): name is BuiltinServerName {
  return names.has(name)
}

/** A built-in: in-process, one of our names, nothing to execute (so no approval is asked). */
export function isBuiltinServer(server: Pick<McpServer, 'type' | 'name'>): server is InMemoryServer {
  return server.type === 'inMemory' && isBuiltinServerName(server.name)
}
