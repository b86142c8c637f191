/**
 * Leaving before the polite stop has finished: stdio servers run in their own process group
 * (POSIX), so the whole group is ended here, an npx wrapper's child included.
 */
export function killProcessGroupsNow(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
