import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { InMemoryServer } from '@shared/mcp/server'
import { McpServerError } from '../errors'

/** What a built-in server needs to be: the SDK's Server and McpServer both fit. */
export interface InProcessServer {
  connect(transport: Transport): Promise<void>
  close(): Promise<void>
}

/** What a built-in gets when it starts: its own config (args, env) and where it may keep data. */
export interface InProcessServerContext {
  server: InMemoryServer
  /** `{userData}`: a built-in keeps its files under `{userData}/mcp/` */
  userDataDir: string
}

/** Built-in servers by name; each connect gets a fresh instance. */
export type InMemoryServerFactories = Record<string, (context: InProcessServerContext) => InProcessServer | Promise<InProcessServer>>

/** A linked pair; the server half runs in this process and closes with the client half. */
export async function createInMemoryTransport(
  server: InMemoryServer,
  factories: InMemoryServerFactories,
  userDataDir: string
): Promise<{ transport: Transport; closeServer: () => Promise<void> }> {
  const factory = factories[server.name]
  if (!factory) {
    const known = Object.keys(factories)
    throw new McpServerError(
      server,
      'BAD_CONFIG',
      `no built-in server named "${server.name}"${known.length ? ` (built-ins: ${known.join(', ')})` : ''}`
    )
  }
  const instance = await factory({ server, userDataDir })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await instance.connect(serverSide)
  return { transport: clientSide, closeServer: () => instance.close() }
}
