import { lstat, realpath } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { AllowedRoots } from './allowedRoots'
import { describeProblem } from './allowedRoots'

/** A path the guard let through. */
export interface GuardedPath {
  /** as the caller wrote it, for messages */
  requested: string
  /** absolute, `..` folded, symlinks not resolved */
  absolute: string
  /** symlinks resolved (for a new path: its nearest existing folder's real path plus the rest) */
  real: string
  exists: boolean
}

/** `/a/b/c` is inside `/a/b`, `/a/bc` is not, and `/a/b` is inside itself. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code

/**
 * The real path of `path`; for one that does not exist yet, the real path of its nearest existing
 * parent with the rest appended, so a symlinked parent is seen for what it is.
 */
async function realOrNearest(path: string): Promise<{ real: string; exists: boolean }> {
  const rest: string[] = []
  let current = path
  for (;;) {
    try {
      const real = await realpath(current)
      return { real: rest.length ? join(real, ...rest) : real, exists: rest.length === 0 }
    } catch (error) {
      if (code(error) !== 'ENOENT' && code(error) !== 'ENOTDIR') throw error
      // it is there but cannot be resolved: a link to nothing, which a write would follow wherever it points
      if (code(error) === 'ENOENT' && (await lstat(current).then(() => true, () => false))) {
        throw new Error(`"${current}" is a symbolic link to something that does not exist; it cannot be used`, { cause: error })
      }
    }
    const parent = dirname(current)
    if (parent === current) throw new Error(`"${path}" cannot be resolved`)
    rest.unshift(basename(current))
    current = parent
  }
}

/**
 * Every path a tool touches goes through here: relative paths are taken from the first allowed
 * folder, then the real path (symlinks resolved, also of a new file's parents) must be an allowed
 * folder or inside one.
 */
export class PathGuard {
  constructor(readonly roots: AllowedRoots) {}

  async resolve(requested: string): Promise<GuardedPath> {
    await this.roots.refresh()
    const usable = this.roots.usable
    if (!usable.length) {
      const problems = this.roots.unusable.map(describeProblem)
      throw new Error(
        problems.length
          ? `No allowed directory can be used: ${problems.join('; ')}.`
          : 'No allowed directories are configured: add absolute folder paths to this server\'s args (or its roots).'
      )
    }
    if (requested.trim() === '') throw new Error(`The path is empty. Allowed directories: ${this.roots.describe()}`)
    if (requested.includes('\0')) throw this.denied(requested, 'contains a NUL character')
    const expanded = requested === '~' || requested.startsWith('~/') ? join(homedir(), requested.slice(1)) : requested
    const absolute = isAbsolute(expanded) ? resolve(expanded) : resolve(usable[0], expanded)
    // outside lexically and unresolvable: refused like any outside path, so nothing can be learned about it
    const { real, exists } = await realOrNearest(absolute).catch((error: unknown) => {
      throw usable.some((root) => isInside(root, absolute)) ? error : this.denied(requested, 'is outside the allowed directories')
    })
    if (!usable.some((root) => isInside(root, real))) throw this.denied(requested, 'is outside the allowed directories (it, or a symbolic link on its way, leads elsewhere)')
    return { requested, absolute, real, exists }
  }

  /** Whether a real path is an allowed folder or inside one (what an opened file is checked against). */
  readonly allows = (real: string): boolean => this.roots.usable.some((root) => isInside(root, real))

  /** For a tool that must not act on an allowed folder itself (moving one away). */
  isRoot(real: string): boolean {
    return this.roots.usable.includes(real)
  }

  private denied(requested: string, why: string): Error {
    const shown = requested.replace(/\0/g, '\\0')
    return new Error(`Access denied: "${shown}" ${why}. Allowed directories: ${this.roots.describe()}`)
  }
}
