import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { InMemoryServerFactories } from '../transports/inMemory'
import { createFetchServer } from './fetch'
import { createFilesystemServer } from './filesystem'
import { createMemoryServer } from './memory'
import { createSequentialThinkingServer } from './sequentialThinking'

/**
 * The built-in servers (issue: built-ins), by the name a server entry of type `inMemory` carries.
 * Each lives in its own folder and gets a fresh McpServer per connection.
 */
export const builtinServers: InMemoryServerFactories = {
  [BuiltinServerNames.memory]: createMemoryServer,
  [BuiltinServerNames.filesystem]: createFilesystemServer,
  [BuiltinServerNames.sequentialThinking]: createSequentialThinkingServer,
  [BuiltinServerNames.fetch]: createFetchServer
}

export { BuiltinServerNames }
