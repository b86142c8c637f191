import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServer, McpServerType } from '@shared/mcp/server'

/** What one attempt speaks: a server kind, less `httpAuto` (which tries Streamable HTTP, then SSE). */
export type AttemptKind = Exclude<McpServerType, 'httpAuto'>
import type { Platform } from '../../../platform/Platform'
import type { ResolverContext } from '../commandResolver'
import { McpServerError } from '../errors'
import type { ConnectTrace } from '../operationTrace'
import type { ServerLogWriter } from '../serverLogs'
import type { InMemoryServerFactories } from './inMemory'

export interface TransportContext {
  platform: Platform
  resolver: ResolverContext
  inMemoryServers: InMemoryServerFactories
  log: ServerLogWriter
  stopGraceMs?: number
  /** the OAuth provider of this connect, for HTTP transports, and the fetch it watches */
  authProvider?: OAuthClientProvider
  authFetch?: typeof fetch
  /** the connect's span (tracing on): its steps, and the traceparent of HTTP requests that are no tool call's */
  trace?: ConnectTrace
}

/** One way of reaching a server: the transport, how to end it for good, how to explain its failure. */
export interface TransportAttempt {
  kind: AttemptKind
  transport: Transport
  pid?: () => number | undefined
  /** closes the transport and waits until it is really gone (process ended, server half closed) */
  close(): Promise<void>
  explain(error: unknown, timeoutMs: number): McpServerError
}

/**
 * A transport as a plug-in: the server kinds it serves and how it makes an attempt, given a
 * server of its own kind (narrowed). Which attempts a server is tried with comes from its launch
 * spec; `transports/index.ts` lists the modules. What it runs (identity, approval target) is
 * `launchSpec.ts` and its editor fields `serverKinds.ts`, both shared with the renderer.
 */
export interface TransportModule<S extends McpServer = McpServer> {
  readonly kinds: readonly S['type'][]
  create(kind: AttemptKind, server: S, ctx: TransportContext): Promise<TransportAttempt>
}

/** The initialize answer never came: the same sentence for every transport. */
export function timeoutError(server: McpServer, timeoutMs: number, error: unknown): McpServerError {
  return new McpServerError(
    server,
    'CONNECT_TIMEOUT',
    `timed out after ${Math.round(timeoutMs / 1000)} s waiting for initialize — the server started but never answered`,
    { cause: error }
  )
}
