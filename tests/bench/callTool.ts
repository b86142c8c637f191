// callTool round trip through MCPService vs the raw SDK Client on the same server, in-memory and
// over stdio (goals: ratio of medians ≤ 1.10 in-memory, ≤ 1.05 stdio). The sides run in
// alternating blocks, the order reversed every block, so machine drift (other processes, GC, CPU
// clocks) falls on all alike. A third side, the raw client given the request options MCPService
// passes (timeout, abort signal, progress callback), tells the SDK's cost of those features apart
// from MCPService's own; and the in-memory server counts what reaches it per call.
// MCPService is timed twice: a call without an id (nobody can cancel or watch it, so it carries
// no abort signal and no progress token) against the raw client, and a call with an id (as the
// renderer and the CLI make it: cancellable, with progress) against the raw client given the same
// request options.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import type { InProcessServer } from '../../src/main/services/mcp/transports/inMemory'
import { echoServer, fixture, loadMain, median, ms, percentile, report, summary, type Goal } from './support'

const CALLS = Number(process.env.CALLS ?? 1200)
const WARMUP = Number(process.env.WARMUP ?? 200)
const BLOCK = Number(process.env.BLOCK ?? 50)
const { MCPService, createNodePlatform } = await loadMain()
const { createLoginShellEnvLoader } = await import('../../src/main/services/mcp/shellEnv')


/** What reaches an in-memory server, by method: how many requests one callTool costs. Both sides count, alike. */
type Seen = Map<string, number>
const seenByService: Seen = new Map()
const seenByRaw: Seen = new Map()
function counting(inner: SdkMcpServer, seen: Seen): InProcessServer {
  return {
    async connect(transport) {
      await inner.connect(transport)
      const deliver = transport.onmessage
      transport.onmessage = (message, extra) => {
        if ('method' in message) seen.set(message.method, (seen.get(message.method) ?? 0) + 1)
        deliver?.(message, extra)
      }
    },
    close: () => inner.close()
  }
}

/** The client MCPService makes (src/main/services/mcp/client.ts), capabilities and all. */
const rawClient = () =>
  new Client(
    { name: 'bench', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: { applyDefaults: true }, url: {} } } }
  )

// both sides spawn with the login shell's environment, as MCPService does
const loginShellEnv = createLoginShellEnvLoader()
const { env } = await loginShellEnv()
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, loginShellEnv, inMemoryServers: { 'bench-echo': () => counting(echoServer(), seenByService) } })

type Call = (i: number) => Promise<unknown>
interface Sides {
  ours: Call
  /** MCPService given a callId, as the renderer and the CLI call */
  oursWithCallId: Call
  raw: Call
  /** the raw client with MCPService's request options */
  rawWithOptions: Call
}
type Figures = Record<keyof Sides, number[]>

/** Warm-up, then CALLS timed calls a side in interleaved blocks. */
async function compare(sides: Sides): Promise<Figures> {
  const names = Object.keys(sides) as Array<keyof Sides>
  for (let i = 0; i < WARMUP; i++) for (const name of names) await sides[name](i)
  const figures: Figures = { ours: [], oursWithCallId: [], raw: [], rawWithOptions: [] }
  for (let block = 0; block * BLOCK < CALLS; block++) {
    for (const name of block % 2 ? [...names].reverse() : names) {
      for (let i = 0; i < BLOCK; i++) {
        const start = performance.now()
        await sides[name](i)
        figures[name].push(performance.now() - start)
      }
    }
  }
  return figures
}

const params = (i: number) => ({ name: 'echo', arguments: { message: `hello ${i}` } })
// what ToolCalls.call gives the SDK for a server without `timeout` or `longRunning`
const options = () => ({ timeout: 60_000, signal: new AbortController().signal, onprogress: () => undefined })

let callIds = 0
function sidesFor(server: McpServer, client: Client): Sides {
  return {
    ours: (i) => service.callTool({ server, name: 'echo', args: params(i).arguments }),
    oursWithCallId: (i) => service.callTool({ server, name: 'echo', args: params(i).arguments, callId: `bench-${++callIds}` }),
    raw: (i) => client.callTool(params(i)),
    rawWithOptions: (i) => client.callTool(params(i), CallToolResultSchema, options())
  }
}

async function inMemory(): Promise<Figures> {
  const server: McpServer = { id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true }
  await service.listTools(server)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const sdkServer = counting(echoServer(), seenByRaw)
  await sdkServer.connect(serverSide)
  const client = rawClient()
  await client.connect(clientSide)
  await client.listTools() // MCPService lists once after connecting; so does the raw side
  seenByService.clear()
  seenByRaw.clear()
  const figures = await compare(sidesFor(server, client))
  await client.close()
  await sdkServer.close()
  await service.stopServer(server)
  return figures
}

async function stdio(): Promise<Figures> {
  const server: McpServer = { id: 'stdio', name: 'pid-echo', type: 'stdio', command: process.execPath, args: [fixture('pid-echo.mjs')], isActive: true }
  await service.listTools(server)
  const transport = new StdioClientTransport({ command: process.execPath, args: [fixture('pid-echo.mjs')], env, stderr: 'pipe' })
  const client = rawClient()
  await client.connect(transport)
  await client.listTools()
  const figures = await compare(sidesFor(server, client))
  await client.close() // pid-echo exits when its stdin closes
  await service.stopServer(server)
  return figures
}

const goals: Goal[] = []
const notes: string[] = []
function record(mode: string, goal: number, figures: Figures): void {
  const bench = `call-tool-${mode}`
  const [ours, withCallId, raw, withOptions] = [figures.ours, figures.oursWithCallId, figures.raw, figures.rawWithOptions].map(median)
  const ratio = ours / raw
  const p90 = (values: number[]) => percentile(values, 90)
  report(bench, 'median_ms_mcpservice', ours, { calls: figures.ours.length, p90_ms: p90(figures.ours) })
  report(bench, 'median_ms_raw_sdk', raw, { calls: figures.raw.length, p90_ms: p90(figures.raw) })
  report(bench, 'median_ms_raw_sdk_with_mcpservice_options', withOptions, { calls: figures.rawWithOptions.length, p90_ms: p90(figures.rawWithOptions) })
  report(bench, 'ratio_mcpservice_vs_sdk', ratio, { goal: `<= ${goal}`, p90_ratio: p90(figures.ours) / p90(figures.raw) })
  report(bench, 'median_ms_mcpservice_with_call_id', withCallId, { calls: figures.oursWithCallId.length, p90_ms: p90(figures.oursWithCallId) })
  report(bench, 'ratio_mcpservice_with_call_id_vs_sdk_with_options', withCallId / withOptions)
  goals.push({
    label: `${mode}: MCPService ${ms(ours)} (p90 ${ms(p90(figures.ours))}) vs SDK ${ms(raw)} (p90 ${ms(p90(figures.raw))}), ratio`,
    value: ratio,
    shown: `${ratio.toFixed(3)}×`,
    goal: `≤ ${goal}`,
    met: ratio <= goal
  })
  notes.push(
    `${mode}: with a callId (cancellable, progress) MCPService ${ms(withCallId)} vs SDK given the same options (timeout, signal, onprogress) ${ms(withOptions)}, ratio ${(withCallId / withOptions).toFixed(3)}×`
  )
}

try {
  record('in-memory', 1.1, await inMemory())
  const perCall = (seen: Seen) => {
    const calls = seen.get('tools/call') ?? 0
    const requests = [...seen.values()].reduce((a, b) => a + b, 0)
    return {
      perCall: calls ? requests / calls : 0,
      text: [...seen].map(([method, count]) => `${method} ${(count / calls).toFixed(2)}`).join(', '),
      byMethod: Object.fromEntries(seen)
    }
  }
  const [viaService, viaRaw] = [perCall(seenByService), perCall(seenByRaw)]
  report('call-tool-in-memory', 'requests_reaching_server_per_mcpservice_call', viaService.perCall, {
    raw_sdk: viaRaw.perCall,
    mcpservice_by_method: viaService.byMethod,
    raw_sdk_by_method: viaRaw.byMethod
  })
  notes.push(`in-memory: what reaches the server per callTool: MCPService ${viaService.text}; raw SDK ${viaRaw.text}`)
  record('stdio', 1.05, await stdio())
} finally {
  await service.closeAll()
}
summary('callTool round trip: MCPService vs raw SDK Client', goals, [...notes, `${CALLS} calls a side after ${WARMUP} warm-up, interleaved in blocks of ${BLOCK}`])
process.exit(0)
