import { IpcEvent } from '@shared/ipc/IpcChannel'
import type { ProgressEvent } from '@shared/ipc/contract'
import { MCPService } from '../main/services/mcp/MCPService'
import { McpServerError } from '../main/services/mcp/errors'
import { createNodePlatform } from '../main/platform/nodePlatform'
import { parseCliArgs, USAGE } from './args'
import { runCommand } from './commands'
import { loadConfigFile, loadSavedServers } from './config'
import { CliError, ExitCode } from './errors'
import { err, out } from './output'

function progressLine({ progress, total, message }: ProgressEvent): string {
  return `progress ${progress}${total !== undefined ? `/${total}` : ''}${message ? `: ${message}` : ''}`
}

/** Argument problems, not connection problems: the user has to change the command line. */
function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.exitCode
  if (error instanceof McpServerError && (error.code === 'BAD_ARGUMENTS' || error.code === 'BAD_CONFIG')) return ExitCode.Usage
  return ExitCode.Failure
}

/** The headless front end on the same MCPService as the app, through the Node platform. */
export async function main(argv: string[]): Promise<never> {
  const aborter = new AbortController()
  let service: MCPService | undefined
  let exiting = false
  const finish = async (code: number): Promise<never> => {
    if (!exiting) {
      exiting = true
      // every server we started is stopped (stdin closed → SIGTERM → SIGKILL) before we go
      await service?.closeAll().catch(() => undefined)
    }
    process.exit(code)
  }
  process.once('SIGINT', () => {
    aborter.abort(new Error('interrupted'))
    void err('interrupted; stopping servers…').finally(() => finish(ExitCode.Interrupted))
  })

  try {
    const args = parseCliArgs(argv)
    if (args.command.name === 'help') {
      await out(USAGE)
      return finish(ExitCode.Ok)
    }
    const platform = createNodePlatform({
      onEvent: (event, payload) => {
        if (event === IpcEvent.Mcp_Progress) void err(progressLine(payload as ProgressEvent))
      }
    })
    const config = args.config ? await loadConfigFile(args.config) : await loadSavedServers(platform.userDataDir)
    service = new MCPService({
      platform,
      // a server that ignores its stdin closing should not hold the prompt for long
      stopGraceMs: 1000,
      connectTimeoutFloorMs: args.connectTimeoutSeconds !== undefined ? args.connectTimeoutSeconds * 1000 : undefined
    })
    const code = await runCommand(args.command, { config, service, signal: aborter.signal })
    return finish(code)
  } catch (error) {
    if (aborter.signal.aborted) return new Promise<never>(() => undefined) // SIGINT handler exits
    await err(`error: ${error instanceof Error ? error.message : String(error)}`)
    return finish(exitCodeOf(error))
  }
}
