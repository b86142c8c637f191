import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { InMemoryServerFactories } from '../transports/inMemory'

/**
 * The built-in servers (issue: built-ins), by the name a server entry of type `inMemory` carries.
 * Each lives in its own folder and gets a fresh McpServer per connection. Each is loaded when
 * first started: the SDK's server half, turndown and the rest cost every CLI start ~100 ms.
 */
export const builtinServers: InMemoryServerFactories = {
  [BuiltinServerNames.memory]: async (context) => (await import('./memory')).createMemoryServer(context),
  [BuiltinServerNames.filesystem]: async (context) => (await import('./filesystem')).createFilesystemServer(context),
  [BuiltinServerNames.sequentialThinking]: async () => (await import('./sequentialThinking')).createSequentialThinkingServer(),
  [BuiltinServerNames.fetch]: async (context) => (await import('./fetch')).createFetchServer(context)
}

export { BuiltinServerNames }
