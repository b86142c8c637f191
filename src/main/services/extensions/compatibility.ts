import type { Manifest } from './manifest'
import { ExtensionError } from './extensionError'

export interface HostFacts {
  platform: NodeJS.Platform
  /** the Node version extension servers of type `node` run on; undefined when none was found */
  nodeVersion?: string
  /** the Python version `python`/`uv` servers run on; undefined when none was found */
  pythonVersion?: string
}

const parts = (version: string) => version.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0)

function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0)
  return 0
}

/**
 * Whether `version` satisfies a range as manifests write them: `>=18.0.0`, `>=3.10 <4`, `^20`,
 * `~1.2`, `20.x`, `*`, several alternatives with `||`. Enough for runtime checks, not full semver.
 */
export function satisfies(version: string, range: string): boolean {
  return range.split('||').some((alt) => alt.trim().split(/\s+/).filter(Boolean).every((c) => satisfiesOne(version, c)))
}

function satisfiesOne(version: string, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x') return true
  const match = /^(>=|<=|>|<|=|\^|~)?v?([\dx*.]+)$/.exec(comparator)
  if (!match) return true // an unreadable range is not a reason to refuse
  const [, op = '=', target] = match
  const wanted = target.split('.').filter((p) => p !== 'x' && p !== '*')
  const base = wanted.join('.') || '0'
  const cmp = compare(version, base)
  const [vMajor, vMinor] = parts(version)
  const [tMajor, tMinor] = parts(base)
  switch (op) {
    case '>=': return cmp >= 0
    case '>': return cmp > 0
    case '<=': return cmp <= 0
    case '<': return cmp < 0
    case '^': return cmp >= 0 && vMajor === tMajor
    case '~': return cmp >= 0 && vMajor === tMajor && (wanted.length < 2 || vMinor === tMinor)
    default:
      // `20` or `20.x` means any 20.*; `20.1.2` exactly
      return wanted.length >= 3 ? cmp === 0 : vMajor === tMajor && (wanted.length < 2 || vMinor === tMinor)
  }
}

/**
 * What stops an extension from running here, in words: another OS, or a Node or Python version
 * it excludes. Empty when it fits. A runtime that was not found is not reported here: starting
 * the server says "command not found" with the command it looked for.
 */
export function compatibilityProblems(manifest: Manifest, host: HostFacts): string[] {
  const wanted = manifest.compatibility
  if (!wanted) return []
  const problems: string[] = []
  if (wanted.platforms && !wanted.platforms.includes(host.platform as 'darwin' | 'win32' | 'linux')) {
    problems.push(`it runs on ${wanted.platforms.join(', ')} only, not on ${host.platform}`)
  }
  const { node, python } = wanted.runtimes ?? {}
  if (node && manifest.server.type === 'node' && host.nodeVersion && !satisfies(host.nodeVersion, node)) {
    problems.push(`it needs Node ${node}; this computer has ${host.nodeVersion}`)
  }
  const usesPython = manifest.server.type === 'python' || (manifest.server.type as string) === 'uv'
  if (python && usesPython && host.pythonVersion && !satisfies(host.pythonVersion, python)) {
    problems.push(`it needs Python ${python}; this computer has ${host.pythonVersion}`)
  }
  return problems
}

/** Refuses an extension that says it cannot run here. */
export function checkCompatibility(manifest: Manifest, host: HostFacts): void {
  const problems = compatibilityProblems(manifest, host)
  if (problems.length) throw new ExtensionError('INCOMPATIBLE', `this extension cannot run on this computer: ${problems.join('; ')}`)
}
