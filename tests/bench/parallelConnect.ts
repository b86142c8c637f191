// 10 distinct stdio servers connected in parallel vs one after another (goal: ratio ≤ 0.6).
import { fixture, loadMain, median, report, time } from './support'

const ITERATIONS = Number(process.env.ITERATIONS ?? 5)
const SERVERS = 10
const { MCPService, createNodePlatform } = await loadMain()
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200 })

let n = 0
const batch = () =>
  Array.from({ length: SERVERS }, () => ({ id: `par-${n++}`, name: 'pid-echo', type: 'stdio' as const, command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }))

async function run(parallel: boolean): Promise<number> {
  const servers = batch()
  const ms = await time(async () => {
    if (parallel) await Promise.all(servers.map((s) => service.initClient(s)))
    else for (const s of servers) await service.initClient(s)
  })
  await Promise.all(servers.map((s) => service.stopServer(s)))
  return ms
}

await run(true) // warm-up, login-shell env
const parallel: number[] = []
const serial: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
  serial.push(await run(false))
  parallel.push(await run(true))
}
await service.closeAll()
report('parallel-connect', 'median_ms_10_serial', median(serial), { iterations: ITERATIONS })
report('parallel-connect', 'median_ms_10_parallel', median(parallel), { iterations: ITERATIONS })
report('parallel-connect', 'ratio_parallel_vs_serial', median(parallel) / median(serial), { goal: '<= 0.6' })
process.exit(0)
