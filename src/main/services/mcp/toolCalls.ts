import { randomUUID } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { IpcEvent } from '@shared/ipc/IpcChannel'
import type { McpServer } from '@shared/mcp/server'
import type { Platform } from '../../platform/Platform'
import { isTimeout, McpServerError } from './errors'

export const DEFAULT_CALL_TIMEOUT_MS = 60_000
const LONG_RUNNING_MAX_MS = 600_000

/** X1: an object as is; a string is JSON ('' → {}); anything but a JSON object is a clear error. */
export function parseToolArgs(server: McpServer, tool: string, args: unknown): Record<string, unknown> {
  let value = args
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') {
    if (!value.trim()) return {}
    try {
      value = JSON.parse(value)
    } catch (error) {
      throw new McpServerError(server, 'BAD_ARGUMENTS', `arguments for tool "${tool}" are not valid JSON: ${(error as Error).message}`)
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new McpServerError(server, 'BAD_ARGUMENTS', `arguments for tool "${tool}" must be a JSON object, e.g. {"text": "hi"}`)
  }
  return value as Record<string, unknown>
}

export interface CallOptions {
  callId?: string
  /** overrides X2's server.timeout / 60 s (the CLI's --timeout) */
  timeoutMs?: number
  signal?: AbortSignal
}

/**
 * Tool calls in flight (X1–X5): one AbortController per callId so the renderer can cancel, the
 * SDK's timeout options, and progress notifications forwarded to the renderer under the callId.
 */
export class ToolCalls {
  private readonly active = new Map<string, AbortController>()

  constructor(private readonly platform: Platform) {}

  async call(client: Client, server: McpServer, name: string, args: unknown, options: CallOptions = {}): Promise<CallToolResult> {
    if (server.disabledTools?.includes(name)) {
      throw new McpServerError(server, 'TOOL_DISABLED', `tool "${name}" is disabled for this server — enable it in the server's Tools tab`)
    }
    const parsedArgs = parseToolArgs(server, name, args)
    const callId = options.callId ?? randomUUID()
    const controller = new AbortController()
    if (this.active.has(callId)) throw new McpServerError(server, 'BAD_ARGUMENTS', `a call with id ${callId} is already running`)
    this.active.set(callId, controller)
    const onOuterAbort = () => controller.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', onOuterAbort, { once: true })
    const timeout = options.timeoutMs ?? (server.timeout ? server.timeout * 1000 : DEFAULT_CALL_TIMEOUT_MS)
    try {
      return (await client.callTool({ name, arguments: parsedArgs }, CallToolResultSchema, {
        timeout,
        signal: controller.signal,
        // X3: a long-running tool keeps going as long as it reports progress, up to 10 minutes
        ...(server.longRunning ? { resetTimeoutOnProgress: true, maxTotalTimeout: LONG_RUNNING_MAX_MS } : {}),
        onprogress: (progress) =>
          this.platform.emit(IpcEvent.Mcp_Progress, {
            callId,
            progress: progress.progress,
            total: progress.total,
            message: progress.message
          })
      })) as CallToolResult
    } catch (error) {
      if (controller.signal.aborted) {
        throw new McpServerError(server, 'CANCELLED', `call of tool "${name}" was cancelled`, { cause: error })
      }
      if (isTimeout(error)) {
        throw new McpServerError(server, 'TOOL_TIMEOUT', `tool "${name}" timed out after ${Math.round(timeout / 1000)} s`, {
          cause: error
        })
      }
      if (error instanceof McpServerError) throw error
      throw new McpServerError(server, 'REQUEST_FAILED', `tool "${name}" failed: ${(error as Error)?.message ?? String(error)}`, {
        cause: error
      })
    } finally {
      options.signal?.removeEventListener('abort', onOuterAbort)
      this.active.delete(callId)
    }
  }

  /** X4: true when a call was running; the SDK sends notifications/cancelled to the server. */
  abort(callId: string): boolean {
    const controller = this.active.get(callId)
    if (!controller) return false
    controller.abort(new Error('cancelled by the user'))
    return true
  }

  abortAll(): void {
    for (const controller of this.active.values()) controller.abort(new Error('the app is shutting down'))
  }
}
