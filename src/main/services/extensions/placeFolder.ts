import { randomBytes } from 'node:crypto'
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Puts an extracted extension at `target`, replacing what is there only once the new copy is
 * complete: copied next to it first (the temp folder may be on another disk, where a rename
 * fails), then two renames. Returns `commit` (drop the old copy) and `rollback` (the old copy
 * back, the new one gone) for the step after it, adding the server, which may still fail.
 */
export async function placeFolder(source: string, target: string): Promise<{ commit(): Promise<void>; rollback(): Promise<void> }> {
  const root = dirname(target)
  await mkdir(root, { recursive: true })
  const tag = `${basename(target)}-${randomBytes(4).toString('hex')}`
  const incoming = join(root, `.incoming-${tag}`)
  const old = join(root, `.old-${tag}`)
  try {
    await cp(source, incoming, { recursive: true, errorOnExist: true, force: false, verbatimSymlinks: true })
  } catch (error) {
    await rm(incoming, { recursive: true, force: true })
    throw error
  }
  const hadOld = !!(await stat(target).catch(() => undefined))
  if (hadOld) await rename(target, old)
  try {
    await rename(incoming, target)
  } catch (error) {
    if (hadOld) await rename(old, target)
    await rm(incoming, { recursive: true, force: true })
    throw error
  }
  return {
    commit: async () => {
      if (hadOld) await rm(old, { recursive: true, force: true })
    },
    rollback: async () => {
      await rm(target, { recursive: true, force: true })
      if (hadOld) await rename(old, target)
    }
  }
}

/** Half-copied folders of an install that was cut short (the process died while copying). */
export async function sweepPlacements(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[])
  await Promise.all(names.filter((name) => name.startsWith('.incoming-')).map((name) => rm(join(root, name), { recursive: true, force: true })))
}
