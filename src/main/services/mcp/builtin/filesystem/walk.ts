import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { minimatch } from 'minimatch'

/** How far one search or tree may go, so a huge folder answers instead of hanging the call. */
export const MAX_VISITED = 100_000

export const toPosix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'))

/**
 * Exclusions as the reference server takes them: a glob against the path relative to where the
 * walk started; one without a slash (`node_modules`, `*.log`) matches at any depth.
 */
export function excluder(patterns: string[] = []): (relativePath: string) => boolean {
  const globs = patterns.flatMap((p) => (p.includes('/') ? [p] : [p, `**/${p}`]))
  return (rel) => globs.some((glob) => minimatch(rel, glob, { dot: true }))
}

export interface WalkEntry {
  /** relative to the start, with `/` */
  relative: string
  absolute: string
  entry: Dirent
}

/** Sorted entries of one folder; a folder that cannot be read is empty rather than failing the walk. */
export async function entriesOf(dir: string): Promise<Dirent[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * Depth-first over `start` (a real path inside the allowed folders). Symbolic links are listed
 * but never followed, so the walk cannot leave the folders nor loop. Excluded folders are not
 * entered. `budget.visited` counts entries; the walk stops at MAX_VISITED.
 */
export async function* walk(start: string, isExcluded: (rel: string) => boolean, budget = { visited: 0 }): AsyncGenerator<WalkEntry> {
  const pending = [start]
  while (pending.length) {
    const dir = pending.pop()!
    for (const entry of await entriesOf(dir)) {
      if (++budget.visited > MAX_VISITED) return
      const absolute = join(dir, entry.name)
      const rel = toPosix(relative(start, absolute))
      if (isExcluded(rel)) continue
      yield { relative: rel, absolute, entry }
      if (entry.isDirectory()) pending.push(absolute)
    }
  }
}
