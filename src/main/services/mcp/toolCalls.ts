import { randomUUID } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { CallToolResultSchema, ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { formatDuration, isTimeout, McpServerError, replyTooLargeDetail } from './errors'
import type { McpEmit } from './events'
import { runToolTask, type TaskMode } from './taskCalls'
import type { OperationTrace } from './operationTrace'

export const DEFAULT_CALL_TIMEOUT_MS = 60_000
/** However much progress a long-running tool reports, a call ends after 10 minutes. */
export const LONG_RUNNING_MAX_MS = 600_000

const EXAMPLE_ARGS = '{"text": "hi"}'

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  return `a ${typeof value}`
}

/** V8 quotes the input in some JSON errors; arguments may hold secrets, so only the reason is kept. */
function jsonErrorReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/, .* is not valid JSON$/s, '')
}

/** An object as is; a string is JSON ('' → {}); anything but a JSON object is a clear error. */
export function parseToolArgs(server: McpServer, tool: string, args: unknown): Record<string, unknown> {
  let value = args
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') {
    if (!value.trim()) return {}
    try {
      value = JSON.parse(value)
    } catch (error) {
      throw new McpServerError(
        server,
        'BAD_ARGUMENTS',
        `arguments for tool "${tool}" are not valid JSON (${jsonErrorReason(error)}) — pass a JSON object such as ${EXAMPLE_ARGS}`
      )
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new McpServerError(server, 'BAD_ARGUMENTS', `arguments for tool "${tool}" must be a JSON object such as ${EXAMPLE_ARGS}, not ${kindOf(value)}`)
  }
  return value as Record<string, unknown>
}

export interface CallOptions {
  /** the id abortTool and Mcp_Progress use; without one (and without signal or longRunning) a call is neither cancellable nor reports progress */
  callId?: string
  /** overrides the server's timeout / the 60 s default (the CLI's --timeout) */
  timeoutMs?: number
  signal?: AbortSignal
  /** the cap on a long-running call; tests lower it */
  longRunningMaxMs?: number
}

export interface ToolCallsOptions {
  /** the cap for every long-running call (default 10 minutes) */
  longRunningMaxMs?: number
}

function positiveMs(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}

/** The per-call override, else the server's timeout in seconds, else 60 s. */
export function callTimeoutMs(server: McpServer, tool: string, overrideMs?: number): number {
  if (overrideMs !== undefined) {
    if (!positiveMs(overrideMs)) {
      throw new McpServerError(server, 'BAD_ARGUMENTS', `the timeout for tool "${tool}" must be a positive number of milliseconds, not ${String(overrideMs)}`)
    }
    return overrideMs
  }
  const seconds = server.timeout
  return typeof seconds === 'number' && positiveMs(seconds) ? seconds * 1000 : DEFAULT_CALL_TIMEOUT_MS
}

/** Why our own controller was aborted; the SDK only passes the reason through as text. */
class StopReason {
  constructor(
    readonly kind: 'cancelled' | 'cap' | 'silence',
    readonly detail: string
  ) {}
  /** the text the SDK sends the server in notifications/cancelled */
  toString(): string {
    if (this.kind === 'silence') return `no task status for ${this.detail}`
    return this.kind === 'cap' ? `stopped at ${this.detail}` : `cancelled ${this.detail || 'by the client'}`.trim()
  }
}

function isMaxTotalTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout && /maximum total timeout/i.test(error.message)
}

/**
 * A failed request in words: what happened and what to do about it. -32000 is both the SDK's
 * "connection closed" and a server's own generic error: only a closed connection is the former.
 */
function describeRequestFailure(name: string, error: unknown, connected: boolean): string {
  const message = error instanceof Error ? error.message : String(error)
  const tooLarge = replyTooLargeDetail(error)
  if (tooLarge) return `tool "${name}" failed: ${tooLarge}`
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed && connected) {
    return `tool "${name}" failed: the server answered with error ${error.code}: ${message.replace(/^(MCP error -?\d+: )+/, '')} — check the server's logs`
  }
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return `the connection to the server closed while tool "${name}" was running (${message}) — check the server's logs and start it again`
  }
  if (error instanceof McpError && error.code === ErrorCode.InvalidParams) {
    return `tool "${name}" refused its arguments: ${message} — check them against the tool's input schema`
  }
  return `tool "${name}" failed: ${message} — check the server's logs`
}

/**
 * Tool calls in flight: one AbortController per callId so the renderer can cancel, the
 * SDK's timeout options, and progress notifications forwarded to the renderer under the callId.
 */
export class ToolCalls {
  private readonly active = new Map<string, AbortController>()

  constructor(
    private readonly emit: McpEmit,
    private readonly defaults: ToolCallsOptions = {}
  ) {}

  /**
   * `taskMode`: the tool runs as an MCP task; MCPService reads it from the cached tool list.
   * `trace`: the call's span (tracing on), whose traceparent goes to the server; apart from
   * `options` so their shape is the same traced or not.
   */
  async call(client: Client, server: McpServer, name: string, args: unknown, options: CallOptions = {}, taskMode?: TaskMode, trace?: OperationTrace): Promise<CallToolResult> {
    // refused here, so nothing of a disabled tool ever reaches the server
    if (server.tools?.disabled?.includes(name)) {
      throw new McpServerError(server, 'TOOL_DISABLED', `tool "${name}" is disabled for this server — enable it in the server's Tools tab`)
    }
    const parsedArgs = parseToolArgs(server, name, args)
    // W3C trace context: a server that traces joins the call's trace
    const request = trace ? { name, arguments: parsedArgs, _meta: { traceparent: trace.traceparent() } } : { name, arguments: parsedArgs }
    const timeout = callTimeoutMs(server, name, options.timeoutMs)
    const capMs = options.longRunningMaxMs ?? this.defaults.longRunningMaxMs ?? LONG_RUNNING_MAX_MS
    if (!positiveMs(capMs)) {
      throw new McpServerError(server, 'BAD_ARGUMENTS', `the long-running limit for tool "${name}" must be a positive number of milliseconds`)
    }
    // a call with no id, no signal and no cap can be neither cancelled nor watched by anyone:
    // it skips the abort signal and the progress token, which cost the SDK more than the call
    if (options.callId === undefined && !options.signal && !server.longRunning && !taskMode) {
      try {
        return (await client.callTool(request, CallToolResultSchema, { timeout })) as CallToolResult
      } catch (error) {
        throw this.describeFailure(client, server, name, timeout, capMs, undefined, error)
      }
    }
    const callId = options.callId ?? randomUUID()
    if (this.active.has(callId)) {
      throw new McpServerError(server, 'CALL_ID_IN_USE', `a call with id "${callId}" is already running — wait for it to end or call tool "${name}" with another id`)
    }
    const controller = new AbortController()
    this.active.set(callId, controller)
    const onOuterAbort = () => controller.abort(new StopReason('cancelled', ''))
    if (options.signal?.aborted) onOuterAbort()
    else options.signal?.addEventListener('abort', onOuterAbort, { once: true })
    // the SDK only checks maxTotalTimeout when progress arrives, and then does not tell the
    // server; our own timer ends the call at the cap and sends notifications/cancelled. A task
    // is long-running by nature: its status updates play the part of progress.
    const capTimer =
      server.longRunning || taskMode
        ? setTimeout(() => controller.abort(new StopReason('cap', `the long-running limit of ${formatDuration(capMs)}`)), capMs)
        : undefined
    try {
      if (taskMode) {
        return await runToolTask({
          client,
          server,
          name,
          args: parsedArgs,
          callId,
          signal: controller.signal,
          silenceMs: timeout,
          requestTimeoutMs: capMs,
          onSilence: () => controller.abort(new StopReason('silence', formatDuration(timeout))),
          emit: this.emit
        })
      }
      return (await client.callTool(request, CallToolResultSchema, {
        timeout,
        signal: controller.signal,
        ...(server.longRunning ? { resetTimeoutOnProgress: true, maxTotalTimeout: capMs } : {}),
        onprogress: (progress) =>
          this.emit('progress', {
            callId,
            progress: progress.progress,
            total: progress.total,
            message: progress.message
          })
      })) as CallToolResult
    } catch (error) {
      throw this.describeFailure(client, server, name, timeout, capMs, controller, error)
    } finally {
      clearTimeout(capTimer)
      options.signal?.removeEventListener('abort', onOuterAbort)
      this.active.delete(callId)
    }
  }

  private describeFailure(
    client: Client,
    server: McpServer,
    name: string,
    timeout: number,
    capMs: number,
    controller: AbortController | undefined,
    error: unknown
  ): McpServerError {
    const reason: unknown = controller?.signal.reason
    const capReached = (reason instanceof StopReason && reason.kind === 'cap') || isMaxTotalTimeout(error)
    if (capReached) {
      // the SDK's own cap check rejects without cancelling; make sure the server hears of it
      if (controller && !controller.signal.aborted) controller.abort(new StopReason('cap', 'the long-running limit'))
      return new McpServerError(
        server,
        'TOOL_TIMEOUT',
        `tool "${name}" was stopped at the long-running limit of ${formatDuration(capMs)} — no single call may run longer, even while it reports progress; split the work into smaller calls`,
        { cause: error }
      )
    }
    if (reason instanceof StopReason && reason.kind === 'silence') {
      return new McpServerError(
        server,
        'TOOL_TIMEOUT',
        `tool "${name}" runs as a task that reported no new status for ${reason.detail}, so it was cancelled — raise the server's timeout if its tasks work quietly for longer`,
        { cause: error }
      )
    }
    if (controller?.signal.aborted) {
      const why = reason instanceof StopReason && reason.detail ? ` ${reason.detail}` : ''
      return new McpServerError(server, 'CANCELLED', `call of tool "${name}" was cancelled${why}`, { cause: error })
    }
    if (isTimeout(error)) {
      const what = server.longRunning ? `sent no progress for ${formatDuration(timeout)} and timed out` : `timed out after ${formatDuration(timeout)}`
      const hint = server.longRunning
        ? 'raise the server\'s timeout if the tool works silently for longer'
        : 'raise the server\'s timeout, or turn on long-running mode if the tool reports progress'
      return new McpServerError(server, 'TOOL_TIMEOUT', `tool "${name}" ${what} — ${hint}`, { cause: error })
    }
    if (error instanceof McpServerError) return error
    // the SDK drops its transport when the connection closes
    return new McpServerError(server, 'REQUEST_FAILED', describeRequestFailure(name, error, client.transport !== undefined), { cause: error })
  }

  /** true when a call was running; the SDK sends notifications/cancelled to the server. */
  abort(callId: string): boolean {
    const controller = this.active.get(callId)
    if (!controller) return false
    controller.abort(new StopReason('cancelled', 'by the user'))
    return true
  }

  abortAll(): void {
    for (const controller of this.active.values()) controller.abort(new StopReason('cancelled', 'because the app is shutting down'))
  }
}
