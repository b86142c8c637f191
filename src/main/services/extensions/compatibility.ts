import type { Manifest } from './manifest'
import type { RuntimeChoice } from './serverRuntime'

export interface HostFacts {
  platform: NodeJS.Platform
  /** the runtime that would run the server here (serverRuntime.ts); none for a binary or when missing */
  runtime?: RuntimeChoice['runtime']
  /** worth knowing before installing, never a reason to refuse (a fallback runtime, a missing one) */
  notes?: string[]
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
 * What stops an extension from running here, in words: another OS, or a runtime version it
 * excludes, checked against the runtime that would run it (the system's Node or Python, or the
 * app's own Node; uv brings its own Python). Empty when it fits. A runtime that was not found is
 * a note, not a problem: it can be installed before the server starts.
 */
export function compatibilityProblems(manifest: Manifest, host: HostFacts): string[] {
  const wanted = manifest.compatibility
  if (!wanted) return []
  const problems: string[] = []
  if (wanted.platforms && !wanted.platforms.includes(host.platform as 'darwin' | 'win32' | 'linux')) {
    problems.push(`it runs on ${wanted.platforms.join(', ')} only, not on ${host.platform}`)
  }
  const runtime = host.runtime
  const range = runtime?.name === 'Node' ? wanted.runtimes?.node : runtime?.name === 'Python' ? wanted.runtimes?.python : undefined
  if (runtime?.version && range && !satisfies(runtime.version, range)) {
    problems.push(`it needs ${runtime.name} ${range}; the ${runtime.name} that would run it, ${runtime.path}, is ${runtime.version}`)
  }
  return problems
}

/**
 * What the install preview says without refusing. `compatibility.claude_desktop` is the range of
 * Claude Desktop versions the author tested with; MCP Studio is not Claude Desktop and has no
 * version on that scale, so the range is shown, never checked.
 */
export function compatibilityNotes(manifest: Manifest, host: HostFacts): string[] {
  const claude = manifest.compatibility?.claude_desktop
  return [...(claude ? [`written for Claude Desktop ${claude}; MCP Studio shows this range but does not check it`] : []), ...(host.notes ?? [])]
}

