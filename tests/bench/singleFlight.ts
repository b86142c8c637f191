// 20 concurrent initClient for one key: how many processes (must be 1) and the time of the burst
// relative to one initClient on its own.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixture, loadMain, median, report, time } from './support'

const ITERATIONS = Number(process.env.ITERATIONS ?? 10)
const { MCPService, createNodePlatform } = await loadMain()
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200 })
const dir = mkdtempSync(join(tmpdir(), 'bench-sf-'))
const pids = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).length

let n = 0
async function burst(callers: number): Promise<{ ms: number; spawned: number }> {
  const pidFile = join(dir, `pids-${n}`)
  const server = { id: `sf-${n++}`, name: 'pid-echo', type: 'stdio' as const, command: process.execPath, args: [fixture('pid-echo.mjs')], env: { PID_FILE: pidFile }, isActive: true }
  const ms = await time(() => Promise.all(Array.from({ length: callers }, () => service.initClient(server))))
  const spawned = pids(pidFile)
  await service.stopServer(server)
  return { ms, spawned }
}

await burst(1) // warm-up, login-shell env
const one: number[] = []
const twenty: number[] = []
let maxSpawned = 0
for (let i = 0; i < ITERATIONS; i++) {
  one.push((await burst(1)).ms)
  const result = await burst(20)
  twenty.push(result.ms)
  maxSpawned = Math.max(maxSpawned, result.spawned)
}
await service.closeAll()
report('single-flight', 'spawn_count_for_20_callers', maxSpawned, { goal: '== 1', iterations: ITERATIONS })
report('single-flight', 'median_ms_one_initClient', median(one))
report('single-flight', 'median_ms_20_concurrent_initClient', median(twenty))
report('single-flight', 'ratio_20_vs_1', median(twenty) / median(one))
process.exit(0)
