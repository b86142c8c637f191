// One process of the tracing bench (tracingOverhead.ts runs it): one MCPService, untraced, traced
// as the app traces it (TRACED=1: every call a span, built when read; a listener takes pushes as
// the windows do), or traced with the Trace window open (WATCHED=1 too: spans built as they
// start and pushed), beside the raw SDK Client on the same server; prints its medians as JSON.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { McpServer } from '@shared/mcp/server'
import { echoServer, fixture, loadMain, median } from './support'
import type { RunFigures } from './tracingOverhead'

const CALLS = Number(process.env.CALLS ?? 1200)
const WARMUP = Number(process.env.WARMUP ?? 200)
const BLOCK = Number(process.env.BLOCK ?? 50)
const { MCPService, createNodePlatform } = await loadMain()
const { createLoginShellEnvLoader } = await import('../../src/main/services/mcp/shellEnv')
const { Tracing } = await import('../../src/main/services/trace/Tracing')


const loginShellEnv = createLoginShellEnvLoader()
const { env } = await loginShellEnv()
const tracing = process.env.TRACED === '1' ? new Tracing() : undefined
// as createHost does: every batch of new and changed spans goes to the windows
tracing?.store.onSpans(() => undefined)
// the Trace window open all along: it renews its watch while it shows
if (process.env.WATCHED === '1') tracing?.watch(Number.POSITIVE_INFINITY)
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, loginShellEnv, inMemoryServers: { 'bench-echo': echoServer }, tracing })

type Call = (i: number) => Promise<unknown>
const turn = () => new Promise((resolve) => setImmediate(resolve))

/** Service and SDK in alternating blocks, the order flipped every block; latency and cost of each call. */
async function compare(sides: { service: Call; sdk: Call }) {
  const names = ['service', 'sdk'] as const
  for (let i = 0; i < WARMUP; i++) for (const name of names) await sides[name](i).then(turn)
  const latency = { service: [] as number[], sdk: [] as number[] }
  const cost = { service: [] as number[], sdk: [] as number[] }
  for (let block = 0; block * BLOCK < CALLS; block++) {
    for (const name of block % 2 ? [...names].reverse() : names) {
      for (let i = 0; i < BLOCK; i++) {
        const start = performance.now()
        await sides[name](i)
        const answered = performance.now()
        await turn()
        latency[name].push(answered - start)
        cost[name].push(performance.now() - start)
      }
    }
  }
  return {
    latency: { service: median(latency.service), sdk: median(latency.sdk) },
    cost: { service: median(cost.service), sdk: median(cost.sdk) }
  }
}

let callIds = 0
/** As the renderer and the CLI call: with a call id (cancellable, with progress). */
const sidesFor = (server: McpServer, client: Client) => ({
  service: (i: number) => service.callTool({ server, name: 'echo', args: { message: `hello ${i}` }, callId: `c-${++callIds}` }),
  sdk: (i: number) => client.callTool({ name: 'echo', arguments: { message: `hello ${i}` } })
})

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
  const server: McpServer = { id: 'stdio', name: 'pid-echo', command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }
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
