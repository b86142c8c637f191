import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../../platform/Platform'
import { resolveStdioCommand, type ResolverContext } from '../commandResolver'
import { describeHttpError, httpStatusOf, isTimeout, McpServerError } from '../errors'
import type { ConnectTrace } from '../operationTrace'
import type { ServerLogWriter } from '../serverLogs'
import { createInMemoryTransport, type InMemoryServerFactories } from './inMemory'
import { StdioProcessTransport } from './stdio'

export type TransportKind = 'stdio' | 'sse' | 'streamableHttp' | 'inMemory'

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
  kind: TransportKind
  transport: Transport
  pid?: () => number | undefined
  /** closes the transport and waits until it is really gone (process ended, server half closed) */
  close(): Promise<void>
  explain(error: unknown, timeoutMs: number): McpServerError
}

/** Which transports to try, in order. A URL without a type: Streamable HTTP, then SSE. */
export function transportKindsFor(server: McpServer): TransportKind[] {
  if (server.type === 'inMemory') return ['inMemory']
  if (server.type === 'stdio' || (!server.type && server.command && !server.baseUrl)) return ['stdio']
  if (server.type === 'sse') return ['sse']
  if (server.type === 'streamableHttp') return ['streamableHttp']
  if (server.baseUrl) return ['streamableHttp', 'sse']
  throw new McpServerError(server, 'BAD_CONFIG', 'set a command (stdio) or a URL (HTTP)')
}

/** The initialize POST got a 4xx (404 and 405 included): the server may speak only SSE. */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatusOf(error instanceof McpServerError ? error.cause : error)
  return status !== undefined && status >= 400 && status < 500
}

function timeoutError(server: McpServer, timeoutMs: number, error: unknown): McpServerError {
  return new McpServerError(
    server,
    'CONNECT_TIMEOUT',
    `timed out after ${Math.round(timeoutMs / 1000)} s waiting for initialize — the server started but never answered`,
    { cause: error }
  )
}

export async function createTransport(kind: TransportKind, server: McpServer, ctx: TransportContext): Promise<TransportAttempt> {
  switch (kind) {
    case 'stdio':
      return createStdio(server, ctx)
    case 'inMemory': {
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
    case 'sse':
    case 'streamableHttp': {
      // loaded for the first HTTP server only: the SDK's HTTP clients cost a stdio-only CLI start ~40 ms
      const http = await import('./http')
      const transport =
        kind === 'sse'
          ? http.createSseTransport(ctx.platform, server, ctx.authProvider, ctx.authFetch, ctx.trace)
          : http.createStreamableHttpTransport(ctx.platform, server, ctx.authProvider, ctx.authFetch, ctx.trace)
      const label = kind === 'sse' ? 'SSE' : 'Streamable HTTP'
      return {
        kind,
        transport,
        close: () => transport.close().catch(() => undefined),
        explain: (error, timeoutMs) =>
          isTimeout(error) ? timeoutError(server, timeoutMs, error) : describeHttpError(server, server.baseUrl!, label, error)
      }
    }
  }
}

async function createStdio(server: McpServer, ctx: TransportContext): Promise<TransportAttempt> {
  const resolved = await resolveStdioCommand(server, ctx.resolver)
  for (const note of resolved.notes) ctx.log('info', note)
  ctx.log('info', `starting ${[resolved.command, ...resolved.args].join(' ')}`)
  const transport = new StdioProcessTransport({
    ...resolved,
    stopGraceMs: ctx.stopGraceMs,
    onStderrLine: (line) => ctx.log('stderr', line),
    onStdoutNoise: (line) => ctx.log('stdout', line)
  })
  return {
    kind: 'stdio',
    transport,
    pid: () => transport.pid,
    close: () => transport.close(),
    explain(error, timeoutMs) {
      if (error instanceof McpServerError) return error
      const exit = transport.exit
      const spawnCode = (error as NodeJS.ErrnoException | undefined)?.code
      if (exit && !transport.pid) {
        return new McpServerError(server, 'CONNECT_FAILED', `could not start ${resolved.command}: ${spawnCode ?? (error as Error)?.message}`, { cause: error })
      }
      if (exit && !isTimeout(error)) {
        const how = exit.code !== null ? `exited with code ${exit.code}` : `was killed by ${exit.signal}`
        const tail = transport.lastStderrLines()
        const lines = tail.length ? `last stderr lines:\n${tail.slice(-10).join('\n')}` : 'it wrote nothing to stderr'
        return new McpServerError(server, 'SERVER_EXITED', `server ${how} during start; ${lines}`, { cause: error })
      }
      if (isTimeout(error)) return timeoutError(server, timeoutMs, error)
      return new McpServerError(server, 'CONNECT_FAILED', `could not connect: ${(error as Error)?.message ?? String(error)}`, { cause: error })
    }
  }
}
