import { killProcessGroupsNow } from './killProcessGroups'
import { liveChildPids } from './liveChildren'

export interface CrashGuardOptions {
  /** says what went wrong, in one line; the caller redacts what it knows to be secret */
  report: (message: string) => void
  exitCode?: number
}

/**
 * The last line of defence: an error nobody caught ends the process, and no server may outlive
 * it (a server that ignores its stdin closing would otherwise run on with no parent).
 */
export function installCrashGuard(options: CrashGuardOptions): void {
  const die = (error: unknown) => {
    try {
      options.report(error instanceof Error ? error.message : String(error))
    } finally {
      killProcessGroupsNow(liveChildPids())
      process.exit(options.exitCode ?? 1)
    }
  }
  process.on('uncaughtException', die)
  process.on('unhandledRejection', die)
}
