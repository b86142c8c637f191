import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { McpConnectionInfo } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { createClient, type ClientRequestHandlers } from './client'
import { McpServerError } from './errors'
import { LogFloodGate, gateTransport } from './logFloodGate'
import type { MessageTap } from './messages/messageTap'
import { createTransport, shouldFallBackToSse, transportKindsFor, type AttemptKind, type TransportContext } from './transports'

/** A live, initialized client and what it runs on. */
export interface Connection {
  client: Client
  transport: Transport
  kind: AttemptKind
  info: McpConnectionInfo
  pid?: number
  /** set once the transport has closed, whoever closed it */
  closed: boolean
  /** when the server last sent anything (Date.now): a connection that just spoke needs no ping */
  lastHeardAt: number
  onClosed?: () => void
  /** closes the client and waits until its process (if any) has ended */
  close(): Promise<void>
}

/** Never less than the floor (180 s in the app), more when the server asks for it. */
export function connectTimeoutMs(server: McpServer, floorMs: number): number {
  return Math.max((server.timeout ?? 0) * 1000, floorMs)
}

/** Rejects like the SDK's own request timeout, so one code path explains both. */
function deadline<T>(work: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new McpError(ErrorCode.RequestTimeout, 'connect timed out')), ms)
    const onAbort = () => reject(new McpError(ErrorCode.ConnectionClosed, 'stopped while connecting'))
    signal?.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    })
  })
}

export async function connectServer(
  server: McpServer,
  ctx: TransportContext & {
    timeoutMs: number
    signal?: AbortSignal
    handlers: ClientRequestHandlers
    /** a fresh tap per attempt (JSON-RPC ids start over with each client) for the Messages tab */
    tapMessages?: () => MessageTap
    /** after a connect refused for a browser sign-in, waits for it; true: connect again */
    finishSignIn?: (signal?: AbortSignal) => Promise<boolean>
  }
): Promise<Connection> {
  const kinds = transportKindsFor(server)
  let previous: McpServerError | undefined
  let signedIn = false
  for (let index = 0; index < kinds.length; index++) {
    const kind = kinds[index]
    if (ctx.signal?.aborted) break
    ctx.trace?.step('transport', { kind })
    const attempt = await createTransport(kind, server, ctx)
    const client = createClient(ctx.platform, ctx.handlers)
    const connection: Connection = {
      client,
      transport: attempt.transport,
      kind,
      info: { serverId: server.id },
      closed: false,
      lastHeardAt: 0,
      close: async () => {
        await client.close().catch(() => undefined)
        await attempt.close()
      }
    }
    // before the tap and the SDK set their handlers: a flood of log lines reaches neither
    const gate = new LogFloodGate(ctx.log)
    gateTransport(attempt.transport, gate)
    tap(connection, ctx.tapMessages?.())
    // set before connecting: a server dying right after the handshake must still be noticed
    client.onclose = () => {
      gate.report()
      connection.closed = true
      connection.onClosed?.()
    }
    try {
      // the SDK's own timeout is a backstop; ours also covers transport start (SSE endpoint)
      await deadline(client.connect(attempt.transport, { timeout: ctx.timeoutMs + 1000 }), ctx.timeoutMs, ctx.signal)
    } catch (error) {
      await attempt.close()
      if (ctx.signal?.aborted) throw new McpServerError(server, 'STOPPED', 'stopped while connecting', { cause: error })
      // the user signed in meanwhile: the same transport again, with the new tokens (once)
      if (!signedIn && ctx.finishSignIn && (await ctx.finishSignIn(ctx.signal))) {
        signedIn = true
        index--
        continue
      }
      const explained = attempt.explain(error, ctx.timeoutMs)
      if (index < kinds.length - 1 && shouldFallBackToSse(explained)) {
        ctx.log('info', `Streamable HTTP was refused (${explained.message}); trying SSE`)
        ctx.trace?.step('fallback', { from: kind, reason: explained.message })
        previous = explained
        continue
      }
      if (previous) {
        throw new McpServerError(server, explained.code, `${strip(previous)}; the SSE fallback failed too: ${strip(explained)}`, {
          cause: error
        })
      }
      // a server without a type: say that SSE was not tried, and why, not just what HTTP said
      if (kinds.length > 1) {
        throw new McpServerError(
          server,
          explained.code,
          `${strip(explained)} (no transport type set: Streamable HTTP was tried; SSE is tried only when Streamable HTTP is answered with a 4xx)`,
          { cause: error }
        )
      }
      throw explained
    }
    connection.pid = attempt.pid?.()
    connection.lastHeardAt = Date.now()
    connection.info = {
      serverId: server.id,
      serverVersion: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions()
    }
    ctx.log('info', `connected over ${kind}${connection.pid ? ` (pid ${connection.pid})` : ''}`, connection.info.serverVersion)
    return connection
  }
  throw previous ?? new McpServerError(server, 'STOPPED', 'stopped while connecting')
}

/**
 * Both directions of a transport, tapped in one place before the handshake (so initialize is seen
 * too) for every transport kind: what the host sends, and what it hears, which also stamps when
 * the server last spoke. The SDK's Protocol.connect keeps an onmessage set before it and
 * calls it first, ahead of its own dispatch.
 */
function tap(connection: Connection, record: MessageTap | undefined): void {
  const { transport } = connection
  if (record) {
    const send = transport.send.bind(transport)
    transport.send = (message, options) => {
      record('out', message)
      return send(message, options)
    }
  }
  transport.onmessage = record
    ? (message) => void (connection.lastHeardAt = record('in', message))
    : () => void (connection.lastHeardAt = Date.now())
}

/** The detail of an error without its `MCP server "x": ` prefix, to combine two of them. */
function strip(error: McpServerError): string {
  return error.message.replace(/^MCP server "[^"]*": /, '')
}
