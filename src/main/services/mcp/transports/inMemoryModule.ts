import type { InMemoryServer } from '@shared/mcp/server'
import { isTimeout, McpServerError } from '../errors'
import { createInMemoryTransport } from './inMemory'
import { timeoutError, type TransportModule } from './transportModule'

/** The app's own servers, run in this process over a linked pair. */
export const inMemoryModule: TransportModule<InMemoryServer> = {
  kinds: ['inMemory'],
  async create(kind, server, ctx) {
    const { transport, closeServer } = await createInMemoryTransport(server, ctx.inMemoryServers, ctx.platform.userDataDir)
    return {
      kind,
      transport,
      close: async () => {
        await transport.close()
        await closeServer().catch(() => undefined)
      },
      explain: (error, timeoutMs) =>
        error instanceof McpServerError
          ? error
          : isTimeout(error)
            ? timeoutError(server, timeoutMs, error)
            : new McpServerError(server, 'CONNECT_FAILED', `built-in server failed to start: ${String((error as Error)?.message ?? error)}`, { cause: error })
    }
  }
}
