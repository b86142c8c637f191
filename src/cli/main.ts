import type { ProgressEvent } from '@shared/ipc/contract'
import { MCPService } from '../main/services/mcp/MCPService'
import type { McpHost } from '../main/services/mcp/mcpHost'
import type { Tracing } from '../main/services/trace/Tracing'
import { mcpObserver, traceMcp } from '../main/services/trace/TracedMcpService'
import { McpServerError } from '../main/services/mcp/errors'
import { createNodePlatform } from '../main/platform/nodePlatform'
import { redirectFollower } from '../main/services/mcp/oauth/browser'
import { userLoginShellEnv } from '../main/services/mcp/loginEnvCache'
import { RuntimePathStore, runtimePathsFile } from '../main/services/runtimes/runtimePaths'
import { installCrashGuard } from '../main/services/processes/crashGuard'
import { killProcessGroupsNow } from '../main/services/processes/killProcessGroups'
import { liveChildPids } from '../main/services/processes/liveChildren'
import { parseCliArgs } from './args'
import { USAGE } from './usage'
import { runCommand } from './commands'
import { loadConfigFile, loadSavedServers } from './config'
import { CliError, ExitCode } from './errors'
import { err, out } from './output'
import { cliTracing } from './cliTracing'
import { modelSampler } from './samplingModel'
import { answerServerRequests } from './serverRequests'

/** After the first Ctrl-C, stopping servers may take this long before we leave regardless. */
const INTERRUPT_EXIT_MS = 2800

/** Argument problems, not connection problems: the user has to change the command line. */
function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.exitCode
  if (error instanceof McpServerError && (error.code === 'BAD_ARGUMENTS' || error.code === 'BAD_CONFIG')) return ExitCode.Usage
  return ExitCode.Failure
}

/** The headless front end on the same MCPService as the app, through the Node platform. */
export async function main(argv: string[]): Promise<never> {
  const aborter = new AbortController()
  let service: McpHost | undefined
  let tracing: Tracing | undefined
  const exitNow = (code: number): never => {
    // every server still running, one in its handshake included
    killProcessGroupsNow(liveChildPids())
    process.exit(code)
  }
  let closing: Promise<void> | undefined
  let interruptedWith: number | undefined
  const finish = async (code: number): Promise<never> => {
    if (!closing) {
      // every server we started is stopped (stdin closed → SIGTERM → SIGKILL) before we go
      closing = (async () => {
        // spans reach the collector before the CLI goes (a dead one costs at most its timeout)
        await tracing?.shutdown().catch(() => undefined)
        await service?.closeAll().catch(() => undefined)
      })()
    }
    await closing
    // a call that still finished after Ctrl-C does not turn the exit into a success
    process.exit(interruptedWith ?? code)
  }
  const interrupt = (code: number) => {
    // a second Ctrl-C means "now", even while servers are still being stopped
    if (interruptedWith !== undefined) {
      process.stderr.write('quitting at once\n')
      exitNow(code)
    }
    interruptedWith = code
    // aborting the call sends notifications/cancelled before the servers' stdin is closed
    aborter.abort(new Error('interrupted'))
    setTimeout(() => exitNow(code), INTERRUPT_EXIT_MS).unref()
    void err('interrupted; stopping servers… (Ctrl-C again to quit at once)').finally(() => finish(code))
  }
  process.on('SIGINT', () => interrupt(ExitCode.Interrupted))
  process.on('SIGTERM', () => interrupt(ExitCode.Terminated))
  // the terminal went away: the same polite stop, or its servers would run on with no parent
  process.on('SIGHUP', () => interrupt(ExitCode.HangUp))
  // the last line: whatever went wrong, no server outlives the CLI
  installCrashGuard({
    report: (message) => process.stderr.write(`error: ${service ? service.secrets.redact(message) : message}\n`),
    exitCode: ExitCode.Failure
  })

  try {
    const args = parseCliArgs(argv)
    if (args.command.name === 'help') {
      await out(USAGE)
      return finish(ExitCode.Ok)
    }
    const platform = createNodePlatform()
    const config = args.config ? await loadConfigFile(args.config, args.inputs) : await loadSavedServers(platform.userDataDir)
    tracing = cliTracing({ trace: (args.command.name === 'call' || args.command.name === 'chat') && args.command.trace === true, secrets: () => service?.secrets.values() ?? [] })
    const untraced = new MCPService({
      platform,
      // the app's saved servers run only as approved; a --config file is the user's consent
      trust: (server) => config.isApproved(server.id),
      // a server that ignores its stdin closing should not hold the prompt for long
      stopGraceMs: 800,
      // the profile's environment from the last start when its files are unchanged: no shell on the way
      loginShellEnv: userLoginShellEnv(platform.userDataDir),
      // a runtime's path set in the app's Runtimes runs that runtime's commands here too
      runtimePaths: () => new RuntimePathStore(runtimePathsFile(platform.userDataDir)).read(),
      connectTimeoutFloorMs: args.connectTimeoutSeconds !== undefined ? args.connectTimeoutSeconds * 1000 : undefined,
      observer: tracing && mcpObserver(tracing),
      // only `auth` opens a browser; the others use its tokens and say to run it
      oauth: {
        open: args.command.name === 'auth' && args.command.browser === 'follow' ? redirectFollower(platform.fetch) : undefined,
        signInHint: (server) => `run \`auth ${server.name}\` to sign in`
      }
    })
    // the commands call it through tracing, when on: each operation a span
    service = traceMcp(untraced, tracing)
    // what servers ask during the command: asked on a terminal, else answered at once (--elicitation, --sampling)
    const live = service
    // --sampling model: the endpoint is resolved before any server starts (none is a usage error)
    const sampler = args.samplingModel && (await modelSampler(args.samplingModel, platform.userDataDir, () => live.secrets.values()))
    answerServerRequests({ service, openExternal: (url) => platform.openExternal(url), policy: args.answers, sampler })
    const events = service.events
    const code = await runCommand(args.command, {
      config,
      inputs: args.inputs,
      service,
      userDataDir: platform.userDataDir,
      signal: aborter.signal,
      tracing,
      // the same typed events the app's windows get; each call listens for its own callId
      onProgress: (callId, listener) => {
        const mine = (event: ProgressEvent) => {
          if (event.callId === callId) listener(event)
        }
        events.on('progress', mine)
        return () => void events.off('progress', mine)
      }
    })
    return finish(code)
  } catch (error) {
    if (aborter.signal.aborted) return new Promise<never>(() => undefined) // SIGINT handler exits
    const message = error instanceof Error ? error.message : String(error)
    // values `${env:NAME}` brought in are known only to the service that started the server
    await err(`error: ${service ? service.secrets.redact(message) : message}`)
    return finish(exitCodeOf(error))
  }
}
