import { constants } from 'node:fs'
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The guard checks a path's real path, then the tool opens it by name again: in between, another
 * process can swap a folder on the way for a link to elsewhere. So a file is opened without
 * following a link at its end, and the descriptor is asked where it really is (Linux: its
 * /proc/self/fd entry; elsewhere the path's real path, which must be the same file), and only then
 * read or written.
 */

const PROC_FD = process.platform === 'linux'

/** Whether a real path is one the tool may touch (the guard's roots). */
export type AllowedCheck = (real: string) => boolean

export class SwappedPathError extends Error {
  constructor(requested: string) {
    super(`Access denied: "${requested}" led outside the allowed directories as it was opened (a folder on its way was replaced by a link). Try again.`)
  }
}

/** Where an open descriptor really is. */
async function whereOpened(handle: FileHandle, path: string): Promise<string> {
  if (PROC_FD) return readlink(`/proc/self/fd/${handle.fd}`)
  // no /proc: the path's real path now, if it is the very file we hold
  const real = await realpath(path)
  const [held, there] = await Promise.all([handle.stat(), stat(real)])
  if (held.dev !== there.dev || held.ino !== there.ino) throw new Error('changed while it was opened')
  return real
}

/**
 * Opens `path` (a real path the guard allowed) with `flags`, never following a link at its end,
 * and refuses the descriptor unless it is where `allowed` says it may be.
 */
export async function openVerified(path: string, requested: string, allowed: AllowedCheck, flags: number, mode?: number): Promise<FileHandle> {
  let handle: FileHandle
  try {
    handle = await open(path, flags | constants.O_NOFOLLOW, mode)
  } catch (error) {
    // a link where the guard saw none: it appeared since
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new SwappedPathError(requested)
    throw error
  }
  try {
    const where = await whereOpened(handle, path).catch(() => undefined)
    if (where === undefined || !allowed(where)) throw new SwappedPathError(requested)
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** Opens a file to read. */
export function openForReading(path: string, requested: string, allowed: AllowedCheck): Promise<FileHandle> {
  return openVerified(path, requested, allowed, constants.O_RDONLY)
}

/**
 * A folder held open, and a way to name what is in it that keeps to that very folder (Linux: through
 * its descriptor, so a swap of the folder's path after the check changes nothing).
 */
export interface HeldFolder {
  entry(name: string): string
  close(): Promise<void>
}

export async function holdFolder(path: string, requested: string, allowed: AllowedCheck): Promise<HeldFolder> {
  const handle = await openVerified(path, requested, allowed, constants.O_RDONLY | constants.O_DIRECTORY)
  const base = PROC_FD ? `/proc/self/fd/${handle.fd}` : path
  return { entry: (name) => join(base, name), close: () => handle.close() }
}
