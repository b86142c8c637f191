// One process of the tracing bench (tracingOverhead.ts runs it): one MCPService, untraced, traced
// as the app traces it (TRACED=1: every call a span, built when read; a listener takes pushes as
// the windows do), or traced with the Trace window open (WATCHED=1 too: spans built as they
// start and pushed), beside the raw SDK Client on the same server; prints its medians as JSON.
// SWITCH=1: the traced service with recording on and paused (the Trace window's Pause) in
// alternating blocks, beside the SDK: tracing on and off in one process, on one service.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { McpServer } from '@shared/mcp/server'
import { echoServer, fixture, loadMain, median } from './support'
import type { RunFigures } from './tracingOverhead'

// a stdio server's process warms up over thousands of calls (its calls here take half as long
// after 5,000 as after 1,000): fewer measure warm-up, and the traced side's longer path most
const CALLS = Number(process.env.CALLS ?? 5000)
const WARMUP = Number(process.env.WARMUP ?? 1000)
const BLOCK = Number(process.env.BLOCK ?? 50)
const { MCPService, createNodePlatform } = await loadMain()
const { createLoginShellEnvLoader } = await import('../../src/main/services/mcp/shellEnv')
const { Tracing } = await import('../../src/main/services/trace/Tracing')
const { mcpObserver, traceMcp } = await import('../../src/main/services/trace/TracedMcpService')


const loginShellEnv = createLoginShellEnvLoader()
const { env } = await loginShellEnv()
const SWITCH = process.env.SWITCH === '1'
const tracing = process.env.TRACED === '1' || SWITCH ? new Tracing() : undefined
// as createHost does: every batch of new and changed spans goes to the windows
tracing?.store.onSpans(() => undefined)
// the Trace window open all along: it renews its watch while it shows
if (process.env.WATCHED === '1') tracing?.watch(Number.POSITIVE_INFINITY)
// as the app builds it: the service given tracing's observer, called through the decorator
const service = traceMcp(
  new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, loginShellEnv, inMemoryServers: { 'bench-echo': echoServer }, observer: tracing && mcpObserver(tracing) }),
  tracing
)

/** One side of a comparison: its call, and what to set before each of its blocks. */
interface Side {
  call: (i: number) => Promise<unknown>
  before?: () => void
}
const turn = () => new Promise((resolve) => setImmediate(resolve))

/** The sides in alternating blocks, the order flipped every block; median latency and cost of each one's calls. */
async function compare(sides: Record<string, Side>) {
  const names = Object.keys(sides)
  const latency: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  const cost: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  for (const name of names) {
    sides[name].before?.()
    for (let i = 0; i < WARMUP; i++) await sides[name].call(i).then(turn)
  }
  for (let block = 0; block * BLOCK < CALLS; block++) {
    for (const name of block % 2 ? [...names].reverse() : names) {
      const { call, before } = sides[name]
      before?.()
      for (let i = 0; i < BLOCK; i++) {
        const start = performance.now()
        await call(i)
        const answered = performance.now()
        await turn()
        latency[name].push(answered - start)
        cost[name].push(performance.now() - start)
      }
    }
  }
  const medians = (values: Record<string, number[]>) => Object.fromEntries(names.map((name) => [name, median(values[name])]))
  return { latency: medians(latency), cost: medians(cost) }
}

let callIds = 0
/** As the renderer and the CLI call: with a call id (cancellable, with progress). */
const sidesFor = (server: McpServer, client: Client): Record<string, Side> => {
  const call = (i: number) => service.callTool({ server, name: 'echo', args: { message: `hello ${i}` }, callId: `c-${++callIds}` })
  const sdk = { call: (i: number) => client.callTool({ name: 'echo', arguments: { message: `hello ${i}` } }) }
  if (!SWITCH || !tracing) return { service: { call }, sdk }
  return { recording: { call, before: () => tracing.record(true) }, paused: { call, before: () => tracing.record(false) }, sdk }
}

async function inMemory() {
  const server: McpServer = { id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true }
  await service.listTools(server)
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

async function stdio() {
  const server: McpServer = { id: 'stdio', name: 'pid-echo', type: 'stdio', command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }
  await service.listTools(server)
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixture('pid-echo.mjs')], env, stderr: 'pipe' }))
  const figures = await compare(sidesFor(server, client))
  await client.close()
  return figures
}

try {
  const figures: RunFigures = { 'in-memory': await inMemory(), stdio: await stdio() }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
} finally {
  await service.closeAll()
}
process.exit(0)
