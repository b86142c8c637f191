import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { TraceLink, type ServerLogWriter } from './serverLogs'

/** The source of the lines the host writes about its own actions, shown as `[host]`. */
export const HOST_LOG_SOURCE = 'host'

// an error result's text is a hint, not the whole answer: the result itself has it all
const MAX_ERROR_TEXT = 300

const elapsed = (startedAt: number) => `${Math.round(performance.now() - startedAt)} ms`

/** The call's trace, so the Logs tab can open it. */
const traceLink = (traceId: string | undefined) => (traceId ? new TraceLink(traceId) : undefined)

/** The server's name is already the log's; the rest of the message is what happened. */
function withoutServerPrefix(message: string): string {
  return message.replace(/^MCP server "[^"]*": /, '')
}

function firstText(result: CallToolResult): string {
  const block = result.content.find((c) => c.type === 'text')
  const text = block && 'text' in block ? block.text.trim() : ''
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text
}

/** One line per call that came back: ok, or the error the tool itself reported. */
export function logToolResult(log: ServerLogWriter, name: string, startedAt: number, result: CallToolResult, traceId?: string): void {
  if (result.isError !== true) return log('info', `called ${name}: ok in ${elapsed(startedAt)}`, traceLink(traceId))
  const text = firstText(result)
  log('warning', `called ${name}: the tool reported an error in ${elapsed(startedAt)}${text ? `: ${text}` : ''}`, traceLink(traceId))
}

/** One line per call that failed or was cancelled. The writer redacts it like every other line. */
export function logToolFailure(log: ServerLogWriter, name: string, startedAt: number, error: unknown, traceId?: string): void {
  const code = (error as { code?: unknown } | undefined)?.code
  const message = withoutServerPrefix(error instanceof Error ? error.message : String(error))
  if (code === 'CANCELLED') {
    // "call of tool "x" was cancelled by the user" → "by the user"
    const why = /was cancelled (.+)$/s.exec(message)?.[1]
    return log('info', `cancelled ${name} after ${elapsed(startedAt)}${why ? ` ${why}` : ''}`, traceLink(traceId))
  }
  log('error', `called ${name}: error after ${elapsed(startedAt)}: ${message}`, traceLink(traceId))
}
