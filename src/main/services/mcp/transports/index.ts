import type { McpServer, McpServerType } from '@shared/mcp/server'
import { launchSpec } from '@shared/mcp/launchSpec'
import { httpStatusOf, McpServerError } from '../errors'
import { httpModule } from './httpModule'
import { inMemoryModule } from './inMemoryModule'
import { stdioModule } from './stdioModule'
import type { AttemptKind, TransportAttempt, TransportContext, TransportModule } from './transportModule'

export type { AttemptKind, TransportAttempt, TransportContext, TransportModule } from './transportModule'

/** Every transport the host speaks: adding one is a module here (its server kinds, create, explain). */
const MODULES = [stdioModule, httpModule, inMemoryModule] as const

// a kind of the model with no module here does not compile
type Served = (typeof MODULES)[number]['kinds'][number]
const everyKindServed: Exclude<McpServerType, Served> extends never ? true : never = true
void everyKindServed

const byKind = new Map<McpServerType, TransportModule>(MODULES.flatMap((module) => module.kinds.map((kind) => [kind, module as TransportModule] as const)))

/** Which transports to try, in order, from what the server runs. A URL without a type: Streamable HTTP, then SSE. */
export function transportKindsFor(server: McpServer): AttemptKind[] {
  const spec = launchSpec(server)
  switch (spec.kind) {
    case 'stdio':
      return ['stdio']
    case 'inMemory':
      return ['inMemory']
    case 'http':
      return spec.transport === 'auto' ? ['streamableHttp', 'sse'] : [spec.transport]
    case 'none':
      throw new McpServerError(server, 'BAD_CONFIG', 'set a command (stdio) or a URL (HTTP)')
  }
}

/** The initialize POST got a 4xx (404 and 405 included): the server may speak only SSE. */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatusOf(error instanceof McpServerError ? error.cause : error)
  return status !== undefined && status >= 400 && status < 500
}

/** An attempt of `kind` by the module of the server's own kind. */
export function createTransport(kind: AttemptKind, server: McpServer, ctx: TransportContext): Promise<TransportAttempt> {
  const module = byKind.get(server.type)
  if (!module) throw new McpServerError(server, 'BAD_CONFIG', `no transport for "${server.type}"`)
  return module.create(kind, server, ctx)
}
