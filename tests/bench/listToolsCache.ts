// listTools through MCPService on a stdio server with many tools (many-tools.mjs, TOOL_COUNT):
// uncached (`refresh: true`, a tools/list round trip and the ids built again) vs cached;
// ratio of medians uncached / cached (goal ≥ 100×). Interleaved in blocks against drift. Also
// timed: initClient on the live client, which is all a cached list does besides the lookup (the
// ping on reuse), so the rest of the cached time is the cache itself.
import type { McpServer } from '@shared/mcp/server'
import { fixture, loadMain, median, ms, percentile, report, summary } from './support'

const TOOL_COUNT = Number(process.env.TOOL_COUNT ?? 200)
const UNCACHED = Number(process.env.UNCACHED ?? 100)
const CACHED_PER_UNCACHED = Number(process.env.CACHED_PER_UNCACHED ?? 10)
const BLOCK = 10
const GOAL = 100
const { MCPService, createNodePlatform } = await loadMain()
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200 })
const server: McpServer = {
  id: 'many',
  name: 'many-tools',
  type: 'stdio', command: process.execPath,
  args: [fixture('many-tools.mjs')],
  env: { TOOL_COUNT: String(TOOL_COUNT) },
  isActive: true
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await work()
  return performance.now() - start
}

const uncached: number[] = []
const cached: number[] = []
const reuse: number[] = []
try {
  const first = await service.listTools(server)
  // TOOL_COUNT tools plus the fixture library's echo and sleep
  if (first.length < TOOL_COUNT) throw new Error(`many-tools listed ${first.length} tools, expected at least ${TOOL_COUNT}`)
  // warm-up of both paths (JIT, the ids memo)
  for (let i = 0; i < 10; i++) {
    await service.listTools(server, { refresh: true })
    await service.listTools(server)
  }
  for (let block = 0; block * BLOCK < UNCACHED; block++) {
    const runs = [
      async () => {
        for (let i = 0; i < BLOCK; i++) uncached.push(await timed(() => service.listTools(server, { refresh: true })))
      },
      async () => {
        for (let i = 0; i < BLOCK * CACHED_PER_UNCACHED; i++) cached.push(await timed(() => service.listTools(server)))
      },
      async () => {
        for (let i = 0; i < BLOCK * CACHED_PER_UNCACHED; i++) reuse.push(await timed(() => service.initClient(server)))
      }
    ]
    if (block % 2) runs.reverse()
    for (const run of runs) await run()
  }
} finally {
  await service.closeAll()
}

const ratio = median(uncached) / median(cached)
report('list-tools-cache', 'median_ms_uncached', median(uncached), { tools: TOOL_COUNT, calls: uncached.length, p90_ms: percentile(uncached, 90) })
report('list-tools-cache', 'median_ms_cached', median(cached), { tools: TOOL_COUNT, calls: cached.length, p90_ms: percentile(cached, 90) })
report('list-tools-cache', 'median_ms_initClient_reuse', median(reuse), { calls: reuse.length, p90_ms: percentile(reuse, 90) })
report('list-tools-cache', 'ratio_uncached_vs_cached', ratio, { goal: `>= ${GOAL}` })
summary(
  'listTools: uncached (refresh) vs cached, through MCPService',
  [
    {
      label: `${TOOL_COUNT} tools over stdio: uncached ${ms(median(uncached))} (p90 ${ms(percentile(uncached, 90))}) vs cached ${ms(median(cached))} (p90 ${ms(percentile(cached, 90))}), ratio`,
      value: ratio,
      shown: `${ratio.toFixed(1)}×`,
      goal: `≥ ${GOAL}×`,
      met: ratio >= GOAL
    }
  ],
  [
    `initClient on the live client (the reuse ping): ${ms(median(reuse))} — the cached list's own cost is the rest, ~${ms(Math.max(0, median(cached) - median(reuse)))}`,
    `${uncached.length} uncached, ${cached.length} cached and ${reuse.length} reuse calls, interleaved in blocks`
  ]
)
process.exit(0)
