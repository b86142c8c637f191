import type { ChildProcess } from 'node:child_process'

/**
 * Ends what a failed test left running: SIGTERM (the CLI handles it like Ctrl-C and stops its
 * servers; `script` passes SIGHUP on to the CLI), then SIGKILL for one that does not go.
 */
export async function stopChildren(children: Iterable<ChildProcess>): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
          child.once('close', () => {
            clearTimeout(force)
            resolve()
          })
          child.kill('SIGTERM')
        })
    )
  )
}
