/** Exit codes: 0 success, 1 failure (connection, tool error, timeout), 2 bad usage or config, 129 SIGHUP, 130 Ctrl-C, 143 SIGTERM. */
export const ExitCode = { Ok: 0, Failure: 1, Usage: 2, HangUp: 129, Interrupted: 130, Terminated: 143 } as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export const usageError = (message: string) => new CliError(message, ExitCode.Usage)
