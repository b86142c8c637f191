import type { Stats } from 'node:fs'
import { stat } from 'node:fs/promises'

/** What tells one version of a file from another without reading it (an atomic rename gives a new inode). */
export interface FileStamp {
  ino: number
  mtimeMs: number
  size: number
}

export const stampOf = (stats: Stats): FileStamp => ({ ino: stats.ino, mtimeMs: stats.mtimeMs, size: stats.size })

export const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined): boolean =>
  a === b || (!!a && !!b && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.size === b.size)

/** The file's stamp now, undefined when it does not exist. */
export async function currentStamp(file: string): Promise<FileStamp | undefined> {
  try {
    return stampOf(await stat(file))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
