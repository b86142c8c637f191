// One chat turn (the model calls a tool, reads its result, answers) as a window asks for it: a
// `chat:send` through the IPC router to main's chat service (conversation file, numbered events,
// batched text, approvals, tracing), timed to the first answer text and to `done`. Against the
// same turn with the AI SDK alone (streamText; the tool calls a raw MCP SDK client), and with the
// AI SDK calling `MCPService.callTool` (the tool step's own cost), all on one local scripted
// endpoint and the same in-memory echo server. Twice: an endpoint that answers at once (what the
// host itself costs, nothing hidden) and one that thinks THINK_MS (50) before each answer, as a
// fast local model does. Goals: time to first token and whole turn ≤ 1.10× the AI SDK alone; a
// tool step (the call shown running → its result shown) ≤ 2 ms over `MCPService.callTool` alone.
// All the service adds to a turn is printed beside them. The sides run in alternating blocks, the
// order turned every block, so drift falls on all alike.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { jsonSchema, stepCountIs, streamText, tool, type JSONSchema7, type LanguageModel, type ToolSet } from 'ai'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChatEventPayload } from '@shared/chat/events'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import { scriptedModel, toolResults, type ChatRequest, type Reply } from '../fixtures/chat/scriptedModel'
import { echoServer, loadMain, median, report, summary } from './support'

const TURNS = Number(process.env.TURNS ?? 200)
const WARMUP = Number(process.env.WARMUP ?? 30)
const BLOCK = Number(process.env.BLOCK ?? 20)
const THINK_MS = Number(process.env.THINK_MS ?? 50)
const ANSWER = 'The tool said: Echo: hi'

await loadMain()
const { createHost } = await import('../../src/main/createHost')
const { createNodePlatform } = await import('../../src/main/platform/nodePlatform')
const { unwrapResponse } = await import('../../packages/shared/ipc/errors')

const script = (request: ChatRequest): Reply => {
  const results = toolResults(request)
  return results.length ? { text: `The tool said: ${results.at(-1)}` } : { toolCalls: [{ name: request.tools![0].function.name, args: { message: 'hi' } }] }
}
const MODEL = 'scripted-1'

interface Timing {
  firstText: number
  turn: number
  /** the chat service only: from the call shown running to its result shown */
  toolStep?: number
}

// the chat service's side: the host a window talks to, its events as the window receives them
let onChatEvent: ((payload: ChatEventPayload) => void) | undefined
const userDataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'))
const platform = createNodePlatform({ userDataDir, onEvent: (event, payload) => event === 'chat:event' && onChatEvent?.(payload as ChatEventPayload) })
const host = await createHost({
  platform,
  mode: 'browser',
  windows: { openTraceWindow: () => ({ opened: false }) },
  mcpOptions: { stopGraceMs: 200, inMemoryServers: { 'bench-echo': () => echoServer() } }
})
const api = async <C extends IpcChannelName>(channel: C, args?: IpcArgs<C>): Promise<IpcResult<C>> =>
  unwrapResponse(await host.router.invoke(channel, args, { via: 'direct' })) as IpcResult<C>
// the user switched Auto-approve on for the echo tool, so the turn runs without a dialog
await host.registry.add([{ id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true, tools: { autoApprove: ['echo'] } }], { approve: true })

const serviceTurn = (providerId: string) => async (): Promise<Timing> => {
  const { id } = await api('chat:create-conversation', { model: { providerId, model: MODEL } })
  let firstText = 0
  let running = 0
  let toolStep = 0
  const start = performance.now()
  const done = new Promise<string>((resolve) => {
    let text = ''
    onChatEvent = ({ event }) => {
      if (event.type === 'tool' && event.call.status === 'running') running = performance.now()
      else if (event.type === 'tool' && event.call.status === 'ok') toolStep = performance.now() - running
      else if (event.type === 'text') {
        firstText ||= performance.now() - start
        text += event.text
      } else if (event.type === 'done') resolve(text)
    }
  })
  await api('chat:send', { conversationId: id, text: 'echo hi' })
  const text = await done
  const turn = performance.now() - start
  if (text !== ANSWER) throw new Error(`the chat service answered "${text}"`)
  await api('chat:delete-conversation', { conversationId: id })
  return { firstText, turn, toolStep }
}

// the AI SDK's sides: the same model, the tool named as the chat service names it
const probe = await api('chat:create-conversation')
const toolName = (await api('chat:list-tools', { conversationId: probe.id })).flatMap((s) => s.tools.map((t) => t.id))[0]
await api('chat:delete-conversation', { conversationId: probe.id })
const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
await echoServer().connect(serverEnd)
const client = new Client({ name: 'bench', version: '1.0.0' })
await client.connect(clientEnd)
const { tools: [echo] } = await client.listTools()
const textOf = (result: unknown) => ((result as { content: { type: string; text?: string }[] }).content).map((c) => c.text ?? '').join('\n')
const echoTool = (call: (input: Record<string, unknown>) => Promise<unknown>): ToolSet => ({
  [toolName]: tool({ description: echo.description, inputSchema: jsonSchema(echo.inputSchema as JSONSchema7), execute: async (input: unknown) => textOf(await call(input as Record<string, unknown>)) })
})
const rawTools = echoTool((input) => client.callTool({ name: 'echo', arguments: input }, CallToolResultSchema))
const server = host.registry.get('mem')!
const serviceTools = echoTool((input) => host.mcp.callTool({ server, name: 'echo', args: input }))

const sdkTurn = (model: LanguageModel, tools: ToolSet) => async (): Promise<Timing> => {
  const start = performance.now()
  const result = streamText({ model, messages: [{ role: 'user', content: 'echo hi' }], tools, stopWhen: stepCountIs(10), maxRetries: 0 })
  let text = ''
  let firstText = 0
  for await (const part of result.fullStream) {
    if (part.type !== 'text-delta') continue
    firstText ||= performance.now() - start
    text += part.text
  }
  if (text !== ANSWER) throw new Error(`the AI SDK answered "${text}"`)
  return { firstText, turn: performance.now() - start }
}

/** One endpoint: the three sides in alternating blocks, their medians and the goals. */
async function measure(thinkMs: number): Promise<void> {
  const endpoint = await scriptedModel(script, { thinkMs })
  const provider = await api('chat:save-provider', { name: `Scripted ${thinkMs} ms`, baseUrl: endpoint.baseUrl, models: [MODEL] })
  const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: endpoint.baseUrl, includeUsage: true }).chatModel(MODEL)
  const sides: { name: string; run: () => Promise<Timing>; timings: Timing[] }[] = [
    { name: 'chat service', run: serviceTurn(provider.id), timings: [] },
    { name: 'AI SDK alone', run: sdkTurn(model, rawTools), timings: [] },
    { name: 'AI SDK + MCPService.callTool', run: sdkTurn(model, serviceTools), timings: [] }
  ]
  // a thinking model's turns are long: fewer of them measure it as well
  const turns = thinkMs ? Math.max(BLOCK, Math.round(TURNS / 4)) : TURNS
  for (let i = 0; i < (thinkMs ? Math.min(WARMUP, 5) : WARMUP); i++) for (const side of sides) await side.run()
  for (let done = 0, block = 0; done < turns; done += BLOCK, block++) {
    const order = block % 2 ? [...sides].reverse() : sides
    for (const side of order) for (let i = 0; i < BLOCK; i++) side.timings.push(await side.run())
  }
  // the same call straight through MCPService, as many times
  const callTimes: number[] = []
  for (let i = 0; i < turns; i++) {
    const t = performance.now()
    await host.mcp.callTool({ server, name: 'echo', args: { message: 'hi' } })
    callTimes.push(performance.now() - t)
  }
  const stepOverhead = median(sides[0].timings.map((t) => t.toolStep!)) - median(callTimes)
  const medians = sides.map((s) => ({ firstText: median(s.timings.map((t) => t.firstText)), turn: median(s.timings.map((t) => t.turn)) }))
  const [service, alone, viaService] = medians
  const label = thinkMs ? `a model that thinks ${thinkMs} ms` : 'an endpoint that answers at once'
  for (const [i, side] of sides.entries()) {
    report('chatService', `${label}, ${side.name}: first text median ms`, medians[i].firstText)
    report('chatService', `${label}, ${side.name}: turn median ms`, medians[i].turn)
  }
  const firstRatio = service.firstText / alone.firstText
  const turnRatio = service.turn / alone.turn
  const toolStep = service.turn - viaService.turn
  summary(`a chat turn with one tool call through the chat service, ${label}, ${turns} turns a side`, [
    { label: 'time to first token, chat service / AI SDK alone (medians)', value: firstRatio, shown: `${firstRatio.toFixed(3)}×`, goal: '≤ 1.10×', met: firstRatio <= 1.1 },
    { label: 'whole turn, chat service / AI SDK alone (medians)', value: turnRatio, shown: `${turnRatio.toFixed(3)}×`, goal: '≤ 1.10×', met: turnRatio <= 1.1 },
    { label: 'a tool step (shown running → result shown) − MCPService.callTool alone (medians)', value: stepOverhead, shown: `${stepOverhead.toFixed(2)} ms`, goal: '≤ 2 ms', met: stepOverhead <= 2 },
  ], [
    ...sides.map((s, i) => `${s.name}: first text ${medians[i].firstText.toFixed(2)} ms, turn ${medians[i].turn.toFixed(2)} ms`),
    `all the chat service adds to a turn (over the AI SDK + MCPService.callTool): ${toolStep.toFixed(2)} ms — the user's message written, the trace, the events`
  ])
  await endpoint.close()
}

await measure(0)
if (THINK_MS) await measure(THINK_MS)

await client.close()
await host.close()
rmSync(userDataDir, { recursive: true, force: true })
