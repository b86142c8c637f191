// One tool call from the command line, start to exit: the built CLI (`node out/cli/index.js
// --config X call everything echo`) against a bare SDK script doing the same call
// (bareSdkCall.mjs) and the MCP Inspector's CLI (@modelcontextprotocol/inspector-cli).
// Goals: ≤ 1.2× the bare script, ≤ 0.8× the Inspector CLI (ratios of medians). The sides run in
// rounds, in an order that turns each round, so machine load falls on all alike. The CLI's
// login-shell environment cache is warmed first (a miss reads the shell, as on a first start);
// `first output` is when the answer is printed, before the server is stopped.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { CLI_ENTRY, cliBuildProblem } from '../../scripts/cliBuild.mjs'
import { EVERYTHING, median, ms, report, ROOT, summary, type Goal } from './support'

const RUNS = Number(process.env.RUNS ?? 11)
const WARMUP = Number(process.env.WARMUP ?? 2)
const BENCH = 'cli-start'

const problem = cliBuildProblem(ROOT)
if (problem) {
  process.stderr.write(`cliStart measures the built CLI, but ${problem}: run \`npm run -s build\` first\n`)
  process.exit(2)
}

const work = mkdtempSync(join(tmpdir(), 'mcp-bench-cli-'))
const config = join(work, 'mcp.json')
writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } }))
const message = JSON.stringify({ message: 'hi' })

interface Side {
  name: string
  args: string[]
  cwd?: string
  env?: Record<string, string>
}

const sides: Side[] = [
  {
    name: 'cli',
    args: [join(ROOT, CLI_ENTRY), '--config', config, 'call', 'everything', 'echo', '--args', message],
    env: { MCP_STUDIO_USER_DATA: join(work, 'user-data') }
  },
  { name: 'bare_sdk', args: [join(ROOT, 'tests/bench/bareSdkCall.mjs'), 'echo', message, '--', process.execPath, EVERYTHING, 'stdio'] }
]

/** The Inspector's CLI package, when installed (the Inspector itself needs Node ≥ 22; its CLI runs on 20). */
function inspectorCli(): Side | string {
  let build: string
  try {
    build = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build')
  } catch {
    return '@modelcontextprotocol/inspector-cli is not installed (npm install): the Inspector comparison is left out'
  }
  if (!existsSync(join(build, 'cli.js'))) return `${build}/cli.js is missing: the Inspector comparison is left out`
  // it reads its package.json relative to the working folder
  const args = ['--cli', process.execPath, EVERYTHING, 'stdio', '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi']
  return { name: 'inspector_cli', args: [join(build, 'cli.js'), ...args], cwd: build }
}
const inspector = inspectorCli()
const notes: string[] = []
if (typeof inspector === 'string') notes.push(inspector)
else sides.push(inspector)

interface Timing {
  total: number
  firstOutput: number
}

function run(side: Side): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let firstOutput = 0
    let stdout = ''
    let stderr = ''
    const child = spawn(process.execPath, side.args, { cwd: side.cwd ?? ROOT, env: { ...process.env, ...side.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      firstOutput ||= performance.now() - started
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      const total = performance.now() - started
      if (code !== 0 || !stdout.includes('Echo: hi')) reject(new Error(`${side.name} failed (exit ${code}): ${stdout}${stderr}`))
      else resolve({ total, firstOutput })
    })
  })
}

for (let i = 0; i < WARMUP; i++) for (const side of sides) await run(side)
const timings = new Map<string, Timing[]>(sides.map((side) => [side.name, []]))
for (let round = 0; round < RUNS; round++) {
  for (let k = 0; k < sides.length; k++) {
    const side = sides[(round + k) % sides.length]
    timings.get(side.name)!.push(await run(side))
  }
}

const medianOf = (name: string, key: keyof Timing) => median(timings.get(name)!.map((t) => t[key]))
for (const side of sides) {
  report(BENCH, `median_ms_${side.name}`, medianOf(side.name, 'total'), { runs: RUNS })
  report(BENCH, `median_ms_first_output_${side.name}`, medianOf(side.name, 'firstOutput'), { runs: RUNS })
}
const cli = medianOf('cli', 'total')
const goals: Goal[] = []
const ratio = (name: string, label: string, goal: number) => {
  const value = cli / medianOf(name, 'total')
  report(BENCH, `ratio_cli_vs_${name}`, value, { goal: `<= ${goal}` })
  goals.push({ label, value, shown: `${value.toFixed(2)}×`, goal: `≤ ${goal}×`, met: value <= goal })
}
ratio('bare_sdk', 'CLI vs bare SDK script', 1.2)
if (typeof inspector !== 'string') ratio('inspector_cli', 'CLI vs Inspector CLI', 0.8)
else report(BENCH, 'ratio_cli_vs_inspector_cli', Number.NaN, { skipped: inspector })
for (const side of sides) notes.push(`${side.name}: ${ms(medianOf(side.name, 'total'))} (answer printed at ${ms(medianOf(side.name, 'firstOutput'))})`)
summary(`one tool call from the command line, median of ${RUNS} (start to exit)`, goals, notes)
process.exit(0)
