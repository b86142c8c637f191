// echo latency on a stdio server while a sibling server in the same MCPService floods stderr
// (stderr-flood.mjs) vs while it is not running (goal: ratio of medians ≤ 1.5). Idle and flood
// phases alternate, each PHASE_MS long, against machine drift. A control phase runs the same
// flood outside MCPService (a bare child whose stderr is read and thrown away): what a flooding
// process costs the machine anyway, apart from what MCPService's log handling adds. Also
// reported: the flood rate reaching the server log, what was pushed to the renderer, event-loop
// delay, and RSS/heap growth. Knobs: ROUNDS, PHASE_MS, FLOOD_RATE (lines/s, default 50000; "flat" = flat out), FLOOD_BATCH (stderr-flood's lines per
// write: 1 gives ~100 k lines/s here, the default 200 about 1 M); run with NODE_OPTIONS=--expose-gc
// to see the heap after a collection at the end of each round (what is held, not garbage).
import { spawn } from 'node:child_process'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { fixture, loadMain, median, ms, percentile, report, summary } from './support'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const PHASE_MS = Number(process.env.PHASE_MS ?? 2000)
const GOAL = 1.5
const MB = 1024 * 1024
const { MCPService, createNodePlatform } = await loadMain()
// after loadMain: the path alias resolves only once tsx is registered with tsconfig.node.json

// what the renderer would receive: Mcp_ServerLog batches of the flooding server
let pushedBatches = 0
let pushedEntries = 0
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200 })
service.events.on('server-log', ({ serverId, entries }) => {
  if (serverId !== 'flood') return
  pushedBatches++
  pushedEntries += entries.length
})
const echo: McpServer = { id: 'echo', name: 'pid-echo', type: 'stdio', command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }
// FLOOD_BATCH (lines per write, 200 by default) is passed on: smaller batches flood more slowly
// FLOOD_RATE (lines/s) paces the flood; 50 000 by default, the flood rate the host must withstand ("flat" floods as fast as it can)
const floodRate = process.env.FLOOD_RATE ?? '50000'
const floodEnv: Record<string, string> = {
  ...(process.env.FLOOD_BATCH ? { FLOOD_BATCH: process.env.FLOOD_BATCH } : {}),
  ...(floodRate === 'flat' ? {} : { FLOOD_RATE: floodRate })
}
const flood: McpServer = { id: 'flood', name: 'stderr-flood', type: 'stdio', command: process.execPath, args: [fixture('stderr-flood.mjs')], env: floodEnv, isActive: true }

/** The newest flood line number in the flooding server's log (its lines carry a counter). */
function newestFloodLine(): number {
  const entries = service.getServerLogs(flood)
  for (let i = entries.length - 1; i >= 0; i--) {
    const match = /^flood line (\d+)/.exec(entries[i].message)
    if (match) return Number(match[1])
  }
  return 0
}

async function floodWritten(): Promise<number> {
  const result = (await service.callTool({ server: flood, name: 'flood-count', args: {} })) as CallToolResult
  return (result.structuredContent as { written: number }).written
}

let n = 0
async function callEcho(): Promise<number> {
  const start = performance.now()
  await service.callTool({ server: echo, name: 'echo', args: { message: `hello ${n++}` } })
  return performance.now() - start
}

async function phase(into: number[]): Promise<void> {
  const end = performance.now() + PHASE_MS
  while (performance.now() < end) into.push(await callEcho())
}

const memory = () => {
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

const idle: number[] = []
const flooded: number[] = []
const bare: number[] = []
let bareBytes = 0
let bareSeconds = 0
// one monitor per phase: a re-enabled monitor would count the gap since it was disabled
const loopIdle: IntervalHistogram[] = []
const loopFlood: IntervalHistogram[] = []
async function monitored(loops: IntervalHistogram[], work: () => Promise<void>): Promise<void> {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  await work()
  loop.disable()
  loops.push(loop)
}

/** The control: the same flood in a child MCPService knows nothing of, its stderr read and dropped. */
async function bareFloodPhase(): Promise<void> {
  const child = spawn(process.execPath, [fixture('stderr-flood.mjs')], { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, ...floodEnv } })
  const exited = new Promise((r) => child.once('exit', r))
  let bytes = 0
  child.stderr.on('data', (chunk: Buffer) => (bytes += chunk.length))
  const warm = Date.now() + 10_000
  while (bytes === 0 && Date.now() < warm) await new Promise((r) => setTimeout(r, 20))
  const [bytes0, t0] = [bytes, performance.now()]
  await phase(bare)
  bareBytes += bytes - bytes0
  bareSeconds += (performance.now() - t0) / 1000
  child.stdin.end() // it exits when its stdin closes
  if (!(await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 2000))]))) child.kill('SIGKILL')
  await exited
}
let reachedLines = 0
let writtenLines = 0
let floodSeconds = 0
let peak = { rss: 0, heapUsed: 0 }
const perRound: Array<{ rss: number; heapUsed: number }> = []
let baseline: { rss: number; heapUsed: number }

try {
  await service.initClient(echo)
  for (let i = 0; i < 300; i++) await callEcho() // warm-up
  baseline = memory()
  for (let round = 0; round < ROUNDS; round++) {
    await monitored(loopIdle, () => phase(idle))
    await bareFloodPhase()

    await service.initClient(flood)
    // the flood in full swing before the clock starts
    const warm = Date.now() + 10_000
    while (newestFloodLine() === 0 && Date.now() < warm) await new Promise((r) => setTimeout(r, 20))
    const sampler = setInterval(() => {
      const now = memory()
      peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) }
    }, 50)
    const [lines0, written0, t0] = [newestFloodLine(), await floodWritten(), performance.now()]
    await monitored(loopFlood, () => phase(flooded))
    // the log's ring buffer takes each line as it is read (only the push to the renderer is batched)
    const [lines1, written1, t1] = [newestFloodLine(), await floodWritten(), performance.now()]
    reachedLines += lines1 - lines0
    writtenLines += written1 - written0
    floodSeconds += (t1 - t0) / 1000
    clearInterval(sampler)
    // with --expose-gc, what is still held after the flood rather than garbage not yet collected
    ;(globalThis as { gc?: () => void }).gc?.()
    perRound.push(memory())
    await service.stopServer(flood)
  }
} finally {
  await service.closeAll()
}

const ratio = median(flooded) / median(idle)
const rate = reachedLines / floodSeconds
const growth = { rss: peak.rss - baseline.rss, heapUsed: peak.heapUsed - baseline.heapUsed }
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
// the worst phase of each kind
const loopMs = (loops: IntervalHistogram[], p: number) => Math.max(...loops.map((h) => h.percentile(p))) / 1e6
const loopMax = (loops: IntervalHistogram[]) => Math.max(...loops.map((h) => h.max)) / 1e6
const LINE_BYTES = 121 // a flood line and its newline

report('flood-latency', 'median_ms_echo_idle', median(idle), { calls: idle.length, p90_ms: percentile(idle, 90) })
report('flood-latency', 'median_ms_echo_during_flood', median(flooded), { calls: flooded.length, p90_ms: percentile(flooded, 90) })
report('flood-latency', 'ratio_flood_vs_idle', ratio, { goal: `<= ${GOAL}`, p90_ratio: percentile(flooded, 90) / percentile(idle, 90) })
report('flood-latency', 'median_ms_echo_during_bare_flood', median(bare), { calls: bare.length, p90_ms: percentile(bare, 90), lines_per_s: bareBytes / LINE_BYTES / bareSeconds })
report('flood-latency', 'ratio_flood_vs_bare_flood', median(flooded) / median(bare))
report('flood-latency', 'flood_lines_per_s_reaching_log', rate, { written_by_server_per_s: writtenLines / floodSeconds, flood_seconds: floodSeconds })
report('flood-latency', 'pushed_to_renderer', pushedEntries, { batches: pushedBatches, batches_per_s: pushedBatches / floodSeconds })
report('flood-latency', 'event_loop_delay_p99_ms', loopMs(loopFlood, 99), { idle_p99_ms: loopMs(loopIdle, 99), flood_max_ms: loopMax(loopFlood), idle_max_ms: loopMax(loopIdle) })
report('flood-latency', 'rss_growth_mb', growth.rss / MB, { baseline_mb: baseline.rss / MB, peak_mb: peak.rss / MB })
report('flood-latency', 'heap_growth_mb', growth.heapUsed / MB, {
  baseline_mb: baseline.heapUsed / MB,
  peak_mb: peak.heapUsed / MB,
  after_each_round_mb: perRound.map((m) => Math.round((m.heapUsed / MB) * 10) / 10)
})
summary(
  'echo latency while a sibling server floods stderr, through one MCPService',
  [
    {
      label: `echo idle ${ms(median(idle))} (p90 ${ms(percentile(idle, 90))}) vs during flood ${ms(median(flooded))} (p90 ${ms(percentile(flooded, 90))}), ratio`,
      value: ratio,
      shown: `${ratio.toFixed(3)}×`,
      goal: `≤ ${GOAL}`,
      met: ratio <= GOAL
    }
  ],
  [
    `flood reaching the log: ${Math.round(rate).toLocaleString('en-US')} lines/s (server wrote ${Math.round(writtenLines / floodSeconds).toLocaleString('en-US')} lines/s) over ${floodSeconds.toFixed(1)} s`,
    `pushed to the renderer: ${pushedBatches} batches, ${pushedEntries} entries (${(pushedBatches / floodSeconds).toFixed(1)} batches/s)`,
    `control, the same flood outside MCPService (stderr read and dropped, ${Math.round(bareBytes / LINE_BYTES / bareSeconds).toLocaleString('en-US')} lines/s): echo ${ms(median(bare))} (p90 ${ms(percentile(bare, 90))}) → flood through MCPService / control ${(median(flooded) / median(bare)).toFixed(3)}×`,
    `event-loop delay p99 (worst phase): ${loopMs(loopIdle, 99).toFixed(1)} ms idle, ${loopMs(loopFlood, 99).toFixed(1)} ms during flood (max ${loopMax(loopIdle).toFixed(1)} / ${loopMax(loopFlood).toFixed(1)} ms)`,
    `memory during flood: RSS ${mb(baseline.rss)} → peak ${mb(peak.rss)} (+${mb(growth.rss)}), heap ${mb(baseline.heapUsed)} → peak ${mb(peak.heapUsed)} (+${mb(growth.heapUsed)}); heap after each round ${perRound.map((m) => mb(m.heapUsed)).join(', ')}`,
    `${idle.length} idle, ${bare.length} control and ${flooded.length} flooded echo calls in ${ROUNDS} rounds of three ${PHASE_MS} ms phases`
  ]
)
process.exit(0)
