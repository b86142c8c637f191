import type { StdioServer } from '@shared/mcp/server'
import { resolveStdioCommand } from '../commandResolver'
import { isTimeout, McpServerError } from '../errors'
import { StdioProcessTransport } from './stdio'
import { timeoutError, type TransportAttempt, type TransportContext, type TransportModule } from './transportModule'

/** A local command, spoken to over its stdin and stdout. */
export const stdioModule: TransportModule<StdioServer> = {
  kinds: ['stdio'],
  create: (_kind, server, ctx) => createStdio(server, ctx)
}

async function createStdio(server: StdioServer, ctx: TransportContext): Promise<TransportAttempt> {
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
