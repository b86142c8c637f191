import { realpath, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One allowed folder as configured, and either its real path or why it cannot be used. */
export interface AllowedRoot {
  /** as written in `args` or `roots` */
  given: string
  /** where it was written, for messages: `args` or `roots` */
  source: 'args' | 'roots'
  /** the folder's real path (symlinks resolved), when usable */
  real?: string
  /** why it cannot be used, when not */
  problem?: string
}

/** `~` is expanded (config files are not read by a shell); a `file://` URI is taken as its path. */
function toPath(given: string): string {
  if (given.startsWith('file://')) return fileURLToPath(given)
  if (given === '~' || given.startsWith('~/')) return join(homedir(), given.slice(1))
  return given
}

/** Resolves one configured folder; a problem is kept, never thrown, so the server still starts. */
async function resolveRoot(given: string, source: AllowedRoot['source']): Promise<AllowedRoot> {
  let path: string
  try {
    path = toPath(given.trim())
  } catch {
    return { given, source, problem: 'is not a valid file:// URI' }
  }
  if (path.includes('\0')) return { given, source, problem: 'contains a NUL character' }
  if (!isAbsolute(path)) return { given, source, problem: 'is not an absolute path; give each allowed folder as an absolute path' }
  try {
    const real = await realpath(resolve(path))
    if (!(await stat(real)).isDirectory()) return { given, source, problem: 'is not a folder' }
    return { given, source, real }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { given, source, problem: 'does not exist; create it, or fix the path in the server settings' }
    return { given, source, problem: `cannot be opened (${code ?? (error as Error).message})` }
  }
}

/**
 * The folders the server may touch: its `args` and the `roots` of its config, each resolved with
 * realpath once at start. A folder that was missing is looked at again on later calls, so
 * creating it does not need a restart.
 */
export class AllowedRoots {
  private constructor(private roots: AllowedRoot[]) {}

  static async resolve(args: string[] = [], roots: string[] = []): Promise<AllowedRoots> {
    const all = [...args.map((a) => ['args', a] as const), ...roots.map((r) => ['roots', r] as const)]
    return new AllowedRoots(await Promise.all(all.map(([source, given]) => resolveRoot(given, source))))
  }

  /** Retries the folders that did not exist yet. */
  async refresh(): Promise<void> {
    if (!this.roots.some((r) => r.problem?.startsWith('does not exist'))) return
    this.roots = await Promise.all(this.roots.map((r) => (r.real ? r : resolveRoot(r.given, r.source))))
  }

  /** Real paths of the usable folders, without duplicates, in configured order. */
  get usable(): string[] {
    return [...new Set(this.roots.flatMap((r) => (r.real ? [r.real] : [])))]
  }

  get unusable(): AllowedRoot[] {
    return this.roots.filter((r) => r.problem)
  }

  /** `"/a", "/b"` or a sentence saying there is none, for refusals. */
  describe(): string {
    const usable = this.usable
    const list = usable.length ? usable.join(', ') : 'none'
    const broken = this.unusable.map(describeProblem)
    return broken.length ? `${list} (not usable: ${broken.join('; ')})` : list
  }
}

export function describeProblem(root: AllowedRoot): string {
  return `"${root.given}" in ${root.source} ${root.problem}`
}
