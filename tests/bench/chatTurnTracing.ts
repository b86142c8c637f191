// What tracing adds to a chat turn with one tool call (two model steps): the same turn through
// runChatTurn untraced (MCPService itself) and traced (TracedMcpService and the chat tracer: the
// turn, its two step spans, the call beneath the first), with nobody reading and with a Trace
// window watching (every span built as it starts). Goal: at most 2 ms more a turn. The sides run
// in alternating blocks, the order turned every block, so drift falls on all alike.
import type { McpServer } from '@shared/mcp/server'
import { scriptedModel, toolResults } from '../fixtures/chat/scriptedModel'
import { echoServer, loadMain, median, report, summary, time } from './support'

const TURNS = Number(process.env.TURNS ?? 200)
const WARMUP = Number(process.env.WARMUP ?? 30)
const BLOCK = Number(process.env.BLOCK ?? 20)

const { MCPService, createNodePlatform } = await loadMain()
const { listChatTools } = await import('../../src/main/services/chat/chatTools')
const { runChatTurn } = await import('../../src/main/services/chat/chatTurn')
const { chatModel } = await import('../../src/main/services/chat/providers')
const { Tracing } = await import('../../src/main/services/trace/Tracing')
const { TracedMcpService, mcpObserver } = await import('../../src/main/services/trace/TracedMcpService')
const { chatTracer } = await import('../../src/main/services/trace/chatSpans')

const endpoint = await scriptedModel((request) => {
  const results = toolResults(request)
  return results.length ? { text: `The tool said: ${results.at(-1)}` } : { toolCalls: [{ name: request.tools![0].function.name, args: { message: 'hi' } }] }
})
const provider = { baseUrl: endpoint.baseUrl, model: 'scripted-1' }
const server: McpServer = { id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true }
const model = chatModel(provider)

const plain = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, inMemoryServers: { 'bench-echo': () => echoServer() } })
const tracing = new Tracing()
const traced = new TracedMcpService(new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, inMemoryServers: { 'bench-echo': () => echoServer() }, observer: mcpObserver(tracing) }), tracing)
const tracer = chatTracer(tracing)
const tools = await listChatTools(plain, [server])

const turn = (host: typeof plain | typeof traced, trace: boolean) => async () => {
  const result = await runChatTurn({ host, model, provider, tools, messages: [{ role: 'user', content: 'echo hi' }], approval: 'all', maxRetries: 0, trace: trace ? { tracer } : undefined })
  if (result.text !== 'The tool said: Echo: hi') throw new Error(`answered "${result.text}"`)
}
const untracedTurn = turn(plain, false)
const tracedTurn = turn(traced, true)
const watchedTurn = async () => {
  tracing.watch()
  await tracedTurn()
}

for (let i = 0; i < WARMUP; i++) {
  await untracedTurn()
  await tracedTurn()
  await watchedTurn()
}
const untraced: number[] = []
const unread: number[] = []
const watched: number[] = []
for (let done = 0, block = 0; done < TURNS; done += BLOCK, block++) {
  const sides: [() => Promise<void>, number[]][] = [[untracedTurn, untraced], [tracedTurn, unread], [watchedTurn, watched]]
  if (block % 2) sides.reverse()
  for (const [run, into] of sides) {
    // the watch lease of the watched side must not carry over to the unread one
    if (run === tracedTurn) tracing.watch(0)
    for (let i = 0; i < BLOCK; i++) into.push(await time(run))
  }
}
const unreadCost = median(unread) - median(untraced)
const watchedCost = median(watched) - median(untraced)
report('chatTurnTracing', 'untraced median ms', median(untraced))
report('chatTurnTracing', 'traced, unread median ms', median(unread))
report('chatTurnTracing', 'traced, watched median ms', median(watched))
summary(`tracing a chat turn with one tool call, ${TURNS} turns a side`, [
  { label: 'traced − untraced, nobody reading (medians)', value: unreadCost, shown: `${unreadCost.toFixed(3)} ms`, goal: '≤ 2 ms', met: unreadCost <= 2 },
  { label: 'traced − untraced, a Trace window watching (medians)', value: watchedCost, shown: `${watchedCost.toFixed(3)} ms`, goal: '≤ 2 ms', met: watchedCost <= 2 }
], [`untraced ${median(untraced).toFixed(2)} ms, unread ${median(unread).toFixed(2)} ms, watched ${median(watched).toFixed(2)} ms`])

await plain.closeAll()
await traced.closeAll()
await tracing.shutdown()
await endpoint.close()
