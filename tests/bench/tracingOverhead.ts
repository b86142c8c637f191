// What tracing costs a tool call (issue 12; goal: traced / untraced ≤ 1.05): the same callTool
// through two MCPServices, one traced as the app traces (every call a span with its attributes,
// kept in the store, pushed to a listener as the windows get them), one not; in-memory and over
// stdio, with the raw SDK Client on the same server as the reference. The sides run in alternating
// blocks, the order reversed every block, so machine drift falls on all alike. After each call the
// event loop turns once, as between two calls from a window, and the span work tracing leaves for
// then (its JSON attributes, its end) runs: "latency" is until the answer, "cost" includes that
// turn. The goal is judged on cost, the stricter. Never fails on time.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { McpServer } from '@shared/mcp/server'
import { z } from 'zod'
import { fixture, loadMain, median, ms, percentile, report, summary, type Goal } from './support'

const CALLS = Number(process.env.CALLS ?? 1200)
const WARMUP = Number(process.env.WARMUP ?? 200)
const BLOCK = Number(process.env.BLOCK ?? 50)
const GOAL = 1.05
const { MCPService, createNodePlatform } = await loadMain()
const { createLoginShellEnvLoader } = await import('../../src/main/services/mcp/shellEnv')
const { Tracing } = await import('../../src/main/services/trace/Tracing')

function echoServer(): SdkMcpServer {
  const server = new SdkMcpServer({ name: 'bench-echo', version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes back the message', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }]
  }))
  return server
}

const loginShellEnv = createLoginShellEnvLoader()
const { env } = await loginShellEnv()
const tracing = new Tracing()
let pushed = 0
// as createHost does: every batch of new and changed spans goes to the windows
tracing.store.onSpans((event) => void (pushed += event.spans.length))
const options = { platform: createNodePlatform(), stopGraceMs: 200, loginShellEnv, inMemoryServers: { 'bench-echo': echoServer } }
const traced = new MCPService({ ...options, tracing })
const untraced = new MCPService(options)

type Call = (i: number) => Promise<unknown>
const SIDES = ['traced', 'untraced', 'raw'] as const
type Side = (typeof SIDES)[number]
type Figures = Record<'latency' | 'cost', Record<Side, number[]>>

const turn = () => new Promise((resolve) => setImmediate(resolve))

async function compare(sides: Record<Side, Call>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) for (const name of SIDES) await sides[name](i).then(turn)
  const figures: Figures = { latency: { traced: [], untraced: [], raw: [] }, cost: { traced: [], untraced: [], raw: [] } }
  for (let block = 0; block * BLOCK < CALLS; block++) {
    for (const name of block % 2 ? [...SIDES].reverse() : SIDES) {
      for (let i = 0; i < BLOCK; i++) {
        const start = performance.now()
        await sides[name](i)
        const answered = performance.now()
        await turn()
        figures.latency[name].push(answered - start)
        figures.cost[name].push(performance.now() - start)
      }
    }
  }
  return figures
}

let callIds = 0
/** As the renderer and the CLI call: with a call id (cancellable, with progress). */
function sidesFor(server: McpServer, client: Client): Record<Side, Call> {
  const args = (i: number) => ({ message: `hello ${i}` })
  return {
    traced: (i) => traced.callTool({ server, name: 'echo', args: args(i), callId: `t-${++callIds}` }),
    untraced: (i) => untraced.callTool({ server, name: 'echo', args: args(i), callId: `u-${++callIds}` }),
    raw: (i) => client.callTool({ name: 'echo', arguments: args(i) })
  }
}

async function inMemory(): Promise<Figures> {
  const server: McpServer = { id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true }
  await Promise.all([traced.listTools(server), untraced.listTools(server)])
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const sdkServer = echoServer()
  await sdkServer.connect(serverSide)
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(clientSide)
  const figures = await compare(sidesFor(server, client))
  await client.close()
  await sdkServer.close()
  return figures
}

async function stdio(): Promise<Figures> {
  const server: McpServer = { id: 'stdio', name: 'pid-echo', command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }
  await Promise.all([traced.listTools(server), untraced.listTools(server)])
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixture('pid-echo.mjs')], env, stderr: 'pipe' }))
  const figures = await compare(sidesFor(server, client))
  await client.close()
  return figures
}

const goals: Goal[] = []
const notes: string[] = []
function record(mode: string, all: Figures): void {
  for (const measure of ['latency', 'cost'] as const) {
    const figures = all[measure]
    const bench = `tracing-${mode}-${measure}`
    const [on, off, raw] = [figures.traced, figures.untraced, figures.raw].map(median)
    const p90 = (values: number[]) => percentile(values, 90)
    report(bench, 'median_ms_traced', on, { calls: figures.traced.length, p90_ms: p90(figures.traced) })
    report(bench, 'median_ms_untraced', off, { calls: figures.untraced.length, p90_ms: p90(figures.untraced) })
    report(bench, 'median_ms_raw_sdk', raw, { calls: figures.raw.length, p90_ms: p90(figures.raw) })
    report(bench, 'ratio_traced_vs_untraced', on / off, { goal: measure === 'cost' ? `<= ${GOAL}` : undefined, p90_ratio: p90(figures.traced) / p90(figures.untraced) })
    report(bench, 'ratio_traced_vs_sdk', on / raw)
    report(bench, 'ratio_untraced_vs_sdk', off / raw)
    const label = `${mode} ${measure}: traced ${ms(on)} vs untraced ${ms(off)} (+${((on - off) * 1000).toFixed(0)} µs; raw SDK ${ms(raw)}), ratio`
    if (measure === 'cost') goals.push({ label, value: on / off, shown: `${(on / off).toFixed(3)}×`, goal: `≤ ${GOAL}`, met: on / off <= GOAL })
    else notes.push(`${label} ${(on / off).toFixed(3)}× (the answer only; not the goal)`)
  }
}

try {
  record('in-memory', await inMemory())
  record('stdio', await stdio())
} finally {
  await Promise.all([traced.closeAll(), untraced.closeAll()])
}
summary('Tracing on vs off: MCPService.callTool', goals, [
  ...notes,
  `${CALLS} calls a side after ${WARMUP} warm-up, interleaved in blocks of ${BLOCK}; ${tracing.store.size} spans kept, ${pushed} pushed to the listener`
])
process.exit(0)
