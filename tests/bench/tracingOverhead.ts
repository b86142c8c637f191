// What tracing costs a tool call (goal: on / off ≤ 1.05), in-memory and over stdio.
// The goal is judged in one process, on one service: recording on and paused (the Trace
// window's Pause, which runs an operation as if there were no tracing) in alternating blocks,
// so nothing but tracing differs between the two. Beside it, as before, each configuration in a
// process of its own, against the raw SDK Client in that process: untraced (no Tracing at all),
// traced as the app runs (spans built only when read) and traced with the Trace window open
// (spans built as they start, pushed live). Two processes of the same code differ here by up to
// a fifth, more than the effect measured, so those figures are reported, not judged.
// After each call the event loop turns once, as between two calls from a window, so the span
// work tracing leaves for then runs: "latency" is until the answer, "cost" includes that turn;
// the goal is judged on cost, the stricter. Never fails on time.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median, ms, report, summary, type Goal } from './support'

const GOAL = 1.05
const RUNS = Number(process.env.RUNS ?? 3)
const MODES = ['in-memory', 'stdio'] as const
const MEASURES = ['latency', 'cost'] as const
type Mode = (typeof MODES)[number]
type Measure = (typeof MEASURES)[number]

/** What one process measured: per mode and measure, each side's median (ms): service / sdk, or recording / paused / sdk. */
export type RunFigures = Record<Mode, Record<Measure, Record<string, number>>>

type Kind = 'switch' | 'untraced' | 'traced' | 'watched'
const KINDS: Kind[] = ['switch', 'untraced', 'traced', 'watched']

/** One run of `tracingOverheadRun.ts` in a fresh process. */
function run(kind: Kind): Promise<RunFigures> {
  const script = fileURLToPath(new URL('./tracingOverheadRun.ts', import.meta.url))
  const env = { ...process.env, TRACED: kind === 'untraced' ? '0' : '1', WATCHED: kind === 'watched' ? '1' : '0', SWITCH: kind === 'switch' ? '1' : '0' }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as RunFigures)
      else reject(new Error(`the ${kind} run exited with ${code}: ${out.slice(-500)}`))
    })
  })
}

const runs: Record<Kind, RunFigures[]> = { switch: [], untraced: [], traced: [], watched: [] }
for (let i = 0; i < RUNS; i++) {
  // the order flips every round, so drift of the machine falls on all alike
  for (const kind of i % 2 ? [...KINDS].reverse() : KINDS) runs[kind].push(await run(kind))
}

const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`
const goals: Goal[] = []
const notes: string[] = []
for (const mode of MODES) {
  for (const measure of MEASURES) {
    const bench = `tracing-${mode}-${measure}`
    const figures = (kind: Kind) => runs[kind].map((r) => r[mode][measure])

    // the goal: recording on over paused, in each switch process; the median of the processes
    const switched = figures('switch')
    const perRun = switched.map((f) => f.recording / f.paused)
    const ratio = median(perRun)
    const extraUs = median(switched.map((f) => (f.recording - f.paused) * 1000))
    const paused = median(switched.map((f) => f.paused))
    const pausedVsSdk = median(switched.map((f) => f.paused / f.sdk))
    report(bench, 'ratio_recording_vs_paused', ratio, { ...(measure === 'cost' ? { goal: `<= ${GOAL}` } : {}), min: Math.min(...perRun), max: Math.max(...perRun), extra_us: extraUs })
    const label = `${mode} ${measure}: recording on vs paused (${ms(paused)}, ${pausedVsSdk.toFixed(2)}× the SDK) in one process, about +${extraUs.toFixed(1)} µs a call, processes ${range(perRun)}; ratio`
    if (measure === 'cost') goals.push({ label, value: ratio, shown: `${ratio.toFixed(3)}×`, goal: `≤ ${GOAL}`, met: ratio <= GOAL })
    else notes.push(`${label} ${ratio.toFixed(3)}× (until the answer; not the goal)`)

    // each configuration in its own process, over the SDK beside it
    const relative = (kind: Kind) => median(figures(kind).map((f) => f.service / f.sdk))
    const absolute = (kind: Kind) => median(figures(kind).map((f) => f.service))
    const off = relative('untraced')
    const rounds = figures('traced').map((f, i) => f.service / f.sdk / (figures('untraced')[i].service / figures('untraced')[i].sdk))
    for (const kind of ['traced', 'watched'] as const) {
      const over = relative(kind) / off
      report(bench, `process_ratio_${kind}_vs_untraced`, over, kind === 'traced' ? { min: Math.min(...rounds), max: Math.max(...rounds) } : {})
      const what = kind === 'traced' ? 'traced (built when read)' : 'with the Trace window open (built as they start)'
      const spread = kind === 'traced' ? `, rounds ${range(rounds)}` : ''
      notes.push(`${mode} ${measure}, separate processes: ${what} ${over.toFixed(3)}× untraced (${ms(absolute('untraced'))}, ${off.toFixed(2)}× the SDK), about +${((absolute(kind) - absolute('untraced')) * 1000).toFixed(0)} µs a call${spread} (not the goal)`)
    }
  }
}
summary('Tracing on vs off: MCPService.callTool', goals, [
  ...notes,
  `${RUNS} processes of each kind, alternating; each interleaves its sides' calls in blocks (see tracingOverheadRun.ts)`
])
