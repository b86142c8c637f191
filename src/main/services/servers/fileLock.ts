import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import lockfile from 'proper-lockfile'

/**
 * A read-modify-write of a shared file (servers.json, the memory graph) by the app and any number
 * of CLI processes: whoever holds `{file}.lock` (a folder: mkdir has one winner, across
 * processes and inside one) reads, changes and writes alone; the others wait their turn. A lock
 * left by a process that died goes stale after STALE_MS and is taken over, so it blocks nobody
 * for long.
 */

const STALE_MS = 10_000

// far longer than any one write takes, and enough for a stale lock to expire
const WAIT_MS = 30_000
const POLL_MS = { min: 5, max: 100 }

export class FileLockError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is being changed by another MCP Studio process (the app or the CLI) and ${reason}; nothing was changed, try again`)
    this.name = 'FileLockError'
  }
}

/**
 * Runs `work` holding the lock of `file`. `work` gets `held()`, to call right before it writes:
 * it throws if this process stalled past STALE_MS and another one took the lock over meanwhile.
 * `createFolder: false`: a missing folder is an error (ENOENT) instead of being created.
 */
export async function withFileLock<T>(file: string, work: (held: () => void) => Promise<T>, options: { createFolder?: boolean } = {}): Promise<T> {
  if (options.createFolder !== false) await mkdir(dirname(file), { recursive: true })
  let lost: Error | undefined
  const lockOptions = {
    realpath: false,
    lockfilePath: `${file}.lock`,
    stale: STALE_MS,
    retries: 0,
    // the default throws from a timer, which would end the process
    onCompromised: (error: Error) => {
      lost = error
    }
  }
  let release: () => Promise<void>
  const deadline = Date.now() + WAIT_MS
  for (let pause = POLL_MS.min; ; pause = Math.min(pause * 2, POLL_MS.max)) {
    try {
      release = await lockfile.lock(file, lockOptions)
      break
    } catch (error) {
      // only "held by someone else" is worth waiting for; any other failure is at once
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      if (Date.now() > deadline) throw new FileLockError(file, `did not finish within ${WAIT_MS / 1000} s`)
      await sleep(pause * (0.5 + Math.random()))
    }
  }
  const held = () => {
    if (lost) throw new FileLockError(file, 'took over this one\'s lock')
  }
  try {
    return await work(held)
  } finally {
    await release().catch(() => undefined)
  }
}
