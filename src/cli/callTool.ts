import { randomUUID } from 'node:crypto'
import type { ProgressEvent } from '@shared/ipc/contract'
import { TRACE_ATTR } from '@shared/trace/spans'
import type { Tracing } from '../main/services/trace/Tracing'
import { parseArgsJson } from './args'
import type { CommandContext } from './commands'
import { findServer } from './config'
import { ExitCode } from './errors'
import { err, out, outJson } from './output'
import { renderToolResult } from './render'
import { renderTraceTree, traceTree, type TraceNode } from './traceTree'
import { withoutSecrets } from '@shared/mcp/withoutSecrets'

export interface CallCommand {
  server: string
  tool: string
  args?: string
  timeoutSeconds?: number
  /** print the call's spans after its result */
  trace?: boolean
  json: boolean
}

/** `progress: N/TOTAL message`, or for a task `status: working message`. */
export function progressLine({ progress, total, message, task }: ProgressEvent): string {
  if (task) return `status: ${task.status}${message ? ` ${message}` : ''}`
  return `progress: ${progress}${total !== undefined ? `/${total}` : ''}${message ? ` ${message}` : ''}`
}

/** The spans of the call with this id (its trace), as a tree. */
function callTrace(tracing: Tracing | undefined, callId: string): TraceNode[] {
  if (!tracing) return []
  const summary = tracing.store.list({ limit: 5000 }).find((trace) => trace.root.attributes[TRACE_ATTR.callId] === callId)
  return summary ? traceTree(tracing.store.get(summary.traceId)) : []
}

/**
 * `call`: progress for this call (and only this one) on stderr, the result on stdout; a tool
 * that reports an error goes to stderr with exit 1 (in --json, the result stays on stdout).
 * `--trace` adds the call's span tree: on stderr after the result, or as `trace` in --json.
 */
export async function callTool(command: CallCommand, ctx: CommandContext): Promise<number> {
  const server = findServer(ctx.config, command.server)
  const args = parseArgsJson(command.args)
  const callId = `cli-${randomUUID()}`
  const stopListening = ctx.onProgress(callId, (event) => void err(progressLine(event)))
  try {
    const answer = await ctx.service.callTool(
      { server, name: command.tool, args, callId },
      { timeoutMs: command.timeoutSeconds !== undefined ? command.timeoutSeconds * 1000 : undefined, signal: ctx.signal }
    )
    // a tool that echoes a key the server was started with does not print it
    const result = withoutSecrets(answer, ctx.service.secrets.values())
    const trace = command.trace ? callTrace(ctx.tracing, callId) : undefined
    if (command.json) await outJson(trace ? { ...result, trace } : result)
    else {
      await (result.isError ? err : out)(renderToolResult(result))
      if (trace) await err(`trace:\n${renderTraceTree(trace)}`)
    }
    return result.isError ? ExitCode.Failure : ExitCode.Ok
  } catch (error) {
    // a call that failed outright: its spans say where, on stderr before the error itself
    if (command.trace) await err(`trace:\n${renderTraceTree(callTrace(ctx.tracing, callId))}`)
    throw error
  } finally {
    stopListening()
  }
}
