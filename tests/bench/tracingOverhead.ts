// What tracing costs a tool call (issue 12; goal: traced / untraced ≤ 1.05), in-memory and over
// stdio: as the app runs (spans built only when read) for the goal, and with the Trace window open
// (spans built as they start, pushed live) reported beside it. The app has one MCPService, traced or not, so each configuration runs in a process of its
// own (two MCPServices in one process slowed each other through shared, polymorphic call sites),
// and each measures the raw SDK Client on the same server beside it, in alternating blocks: a run's
// figure is its service's median over the SDK's. Traced and untraced runs alternate, and
// traced / untraced is the ratio of those figures. After each call the event loop turns once, as
// between two calls from a window, so the span work tracing leaves for then (its JSON attributes,
// its end) runs: "latency" is until the answer, "cost" includes that turn; the goal is judged on
// cost, the stricter. Never fails on time.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median, ms, report, summary, type Goal } from './support'

const GOAL = 1.05
const RUNS = Number(process.env.RUNS ?? 3)
const MODES = ['in-memory', 'stdio'] as const
const MEASURES = ['latency', 'cost'] as const
type Mode = (typeof MODES)[number]
type Measure = (typeof MEASURES)[number]

/** What one process measured: per mode and measure, its service's and the SDK's median (ms). */
export type RunFigures = Record<Mode, Record<Measure, { service: number; sdk: number }>>

type Side = 'untraced' | 'traced' | 'watched'
const SIDES: Side[] = ['untraced', 'traced', 'watched']

/** One run of `tracingOverheadRun.ts` in a fresh process. */
function run(side: Side): Promise<RunFigures> {
  const script = fileURLToPath(new URL('./tracingOverheadRun.ts', import.meta.url))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, TRACED: side === 'untraced' ? '0' : '1', WATCHED: side === 'watched' ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as RunFigures)
      else reject(new Error(`the ${side} run exited with ${code}: ${out.slice(-500)}`))
    })
  })
}

const runs: Record<Side, RunFigures[]> = { untraced: [], traced: [], watched: [] }
for (let i = 0; i < RUNS; i++) {
  // the order flips every round, so drift of the machine falls on all alike
  for (const side of i % 2 ? [...SIDES].reverse() : SIDES) runs[side].push(await run(side))
}

const goals: Goal[] = []
const notes: string[] = []
for (const mode of MODES) {
  for (const measure of MEASURES) {
    const bench = `tracing-${mode}-${measure}`
    // each run's service over the SDK beside it, the median of the runs
    const relative = (side: Side) => median(runs[side].map((r) => r[mode][measure].service / r[mode][measure].sdk))
    const absolute = (side: Side) => median(runs[side].map((r) => r[mode][measure].service))
    const [on, off] = [relative('traced'), relative('untraced')]
    const ratio = on / off
    // each round's traced run over the untraced one beside it: how far one round can be off
    const rounds = runs.traced.map((r, i) => r[mode][measure].service / r[mode][measure].sdk / (runs.untraced[i][mode][measure].service / runs.untraced[i][mode][measure].sdk))
    const spread = `rounds ${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)}×`
    const extraUs = (absolute('traced') - absolute('untraced')) * 1000
    report(bench, 'traced_vs_sdk', on, { median_ms: absolute('traced') })
    report(bench, 'untraced_vs_sdk', off, { median_ms: absolute('untraced') })
    report(bench, 'ratio_traced_vs_untraced', ratio, { ...(measure === 'cost' ? { goal: `<= ${GOAL}` } : {}), min: Math.min(...rounds), max: Math.max(...rounds) })
    const label = `${mode} ${measure}: traced ${on.toFixed(3)}× the SDK (${ms(absolute('traced'))}) vs untraced ${off.toFixed(3)}× (${ms(absolute('untraced'))}), about +${extraUs.toFixed(0)} µs a call, ${spread}; ratio`
    if (measure === 'cost') goals.push({ label, value: ratio, shown: `${ratio.toFixed(3)}×`, goal: `≤ ${GOAL}`, met: ratio <= GOAL })
    else notes.push(`${label} ${ratio.toFixed(3)}× (until the answer; not the goal)`)
    const watched = relative('watched') / off
    report(bench, 'ratio_watched_vs_untraced', watched)
    notes.push(`${mode} ${measure} with the Trace window open (spans built as they start): ${watched.toFixed(3)}× untraced, about +${((absolute('watched') - absolute('untraced')) * 1000).toFixed(0)} µs a call (not the goal)`)
  }
}
summary('Tracing on vs off: MCPService.callTool, each in its own process against the raw SDK', goals, [
  ...notes,
  `${RUNS} runs a side, alternating; each run: calls interleaved with the SDK's in blocks (see tracingOverheadRun.ts)`
])
