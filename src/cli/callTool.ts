import { randomUUID } from 'node:crypto'
import type { ProgressEvent } from '@shared/ipc/contract'
import { parseArgsJson } from './args'
import type { CommandContext } from './commands'
import { findServer } from './config'
import { ExitCode } from './errors'
import { err, out, outJson } from './output'
import { renderToolResult } from './render'

export interface CallCommand {
  server: string
  tool: string
  args?: string
  timeoutSeconds?: number
  json: boolean
}

/** `progress: N/TOTAL message`, or for a task (X9) `status: working message`. */
export function progressLine({ progress, total, message, task }: ProgressEvent): string {
  if (task) return `status: ${task.status}${message ? ` ${message}` : ''}`
  return `progress: ${progress}${total !== undefined ? `/${total}` : ''}${message ? ` ${message}` : ''}`
}

/**
 * `call`: progress for this call (and only this one) on stderr, the result on stdout; a tool
 * that reports an error goes to stderr with exit 1 (in --json, the result stays on stdout).
 */
export async function callTool(command: CallCommand, ctx: CommandContext): Promise<number> {
  const server = findServer(ctx.config, command.server)
  const args = parseArgsJson(command.args)
  const callId = `cli-${randomUUID()}`
  const stopListening = ctx.onProgress(callId, (event) => void err(progressLine(event)))
  try {
    const result = await ctx.service.callTool(
      { server, name: command.tool, args, callId },
      { timeoutMs: command.timeoutSeconds !== undefined ? command.timeoutSeconds * 1000 : undefined, signal: ctx.signal }
    )
    if (command.json) await outJson(result)
    else await (result.isError ? err : out)(renderToolResult(result))
    return result.isError ? ExitCode.Failure : ExitCode.Ok
  } finally {
    stopListening()
  }
}
