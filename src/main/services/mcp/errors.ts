import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js'
import type { ErrorCode as AppErrorCode } from '@shared/ipc/errors'
import { redactText } from '@shared/mcp/redact'
import { serverSecretValues } from '@shared/mcp/secretValues'
import type { AnyKindFields, McpServer } from '@shared/mcp/server'
import { REPLY_TOO_LARGE } from './transports/stdio'

/** The codes of what goes wrong with a server itself (the renderer has a sentence for each). */
export type McpServerErrorCode = Extract<
  AppErrorCode,
  | 'BAD_CONFIG'
  | 'COMMAND_NOT_FOUND'
  | 'RUNTIME_MISSING'
  | 'SERVER_EXITED'
  | 'CONNECT_TIMEOUT'
  | 'CONNECTION_REFUSED'
  | 'HTTP_ERROR'
  | 'CONNECT_FAILED'
  | 'TOOL_DISABLED'
  | 'BAD_ARGUMENTS'
  | 'CALL_ID_IN_USE'
  | 'TOOL_TIMEOUT'
  | 'CANCELLED'
  | 'REQUEST_FAILED'
  | 'STOPPED'
  | 'NEEDS_SIGN_IN'
  | 'SIGN_IN_FAILED'
  | 'MISSING_CONFIG'
>

/**
 * An error the user can act on. The message always names the server and is redacted with that
 * server's own secrets (env values, header tokens) before it can reach a log or the renderer.
 */
export class McpServerError extends Error {
  readonly serverId: string
  readonly serverName: string

  constructor(
    server: Pick<AnyKindFields, 'id' | 'name' | 'env' | 'headers' | 'args' | 'notSecret'>,
    readonly code: McpServerErrorCode,
    detail: string,
    options?: { cause?: unknown }
  ) {
    super(`MCP server "${server.name}": ${redactText(detail, { secrets: serverSecretValues(server) })}`, options)
    this.name = 'McpServerError'
    this.serverId = server.id
    this.serverName = server.name
  }
}

/** `https://host/path?key=…` without the query, which often carries an API key. */
export function displayUrl(url: string | URL): string {
  try {
    const u = new URL(url)
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`
  } catch {
    return String(url)
  }
}

/** Node's fetch wraps the socket error: `TypeError('fetch failed', {cause: {code}})`. */
function networkCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^E[A-Z_]+$/.test(e.code)) return e.code
    if (e instanceof Error && /ECONNREFUSED/.test(e.message)) return 'ECONNREFUSED'
  }
  return undefined
}

/** 500 → "500 ms", 2500 → "2.5 s", 600000 → "10 min": durations in messages people read. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`
  return `${Number((seconds / 60).toFixed(1))} min`
}

/** When a request failed because its reply was over the message limit: the sizes and what to do. */
export function replyTooLargeDetail(error: unknown): string | undefined {
  if (!(error instanceof McpError) || (error.data as { reason?: unknown } | undefined)?.reason !== REPLY_TOO_LARGE) return undefined
  return `${error.message.replace(/^(MCP error -?\d+: )+/, '')} — ask it for less at a time (a page, a range, a smaller size)`
}

export function isTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout
}

/** Status of an HTTP transport's failed request, when the server answered at all. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === 'number' && error.code > 0 ? error.code : undefined
  }
  const match = error instanceof Error ? /\(HTTP (\d{3})\)/.exec(error.message) : null
  return match ? Number(match[1]) : undefined
}

/** Any failure of a remote connect → a message naming the URL and what went wrong. */
export function describeHttpError(server: McpServer, url: string, kind: string, error: unknown): McpServerError {
  if (error instanceof McpServerError) return error
  const where = displayUrl(url)
  const code = networkCode(error)
  if (code === 'ECONNREFUSED') {
    return new McpServerError(server, 'CONNECTION_REFUSED', `connection refused at ${where} — is the server running?`, { cause: error })
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new McpServerError(server, 'CONNECT_FAILED', `host not found: ${where} — check the URL`, { cause: error })
  }
  if (code) return new McpServerError(server, 'CONNECT_FAILED', `could not reach ${where} (${code})`, { cause: error })
  if (error instanceof Error && error.cause instanceof Error && error.cause.message === 'bad port') {
    // fetch refuses ports other protocols use (the fetch standard's list), before any connection
    const port = new URL(url).port
    return new McpServerError(
      server,
      'CONNECT_FAILED',
      `port ${port} of ${where} is one that web requests may not use (it belongs to another protocol) — run the server on another port`,
      { cause: error }
    )
  }
  const status = httpStatusOf(error)
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
  const message = error instanceof Error ? `${error.message}${cause}` : String(error)
  if (status) {
    const hint = status === 401 || status === 403 ? ' — the server needs authorization' : status === 404 ? ' — check the URL' : ''
    return new McpServerError(server, 'HTTP_ERROR', `${kind} at ${where} answered HTTP ${status}${hint}: ${message}`, { cause: error })
  }
  return new McpServerError(server, 'CONNECT_FAILED', `could not connect over ${kind} to ${where}: ${message}`, { cause: error })
}
