// One chat turn (the model calls a tool, reads its result, answers) through the chat engine
// (runChatTurn: MCPService, approval, progress, result text, redaction of the request) vs the AI
// SDK alone (streamText with a tool that calls a raw MCP SDK client), against the same local
// scripted endpoint and the same in-memory echo server. Goal: ratio of medians ≤ 1.10. The sides
// run in alternating blocks, the order reversed every block, so drift falls on both alike.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { jsonSchema, stepCountIs, streamText, tool, type JSONSchema7 } from 'ai'
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
const { redactingFetch } = await import('../../src/main/services/chat/redactingFetch')

const endpoint = await scriptedModel((request) => {
  const results = toolResults(request)
  return results.length ? { text: `The tool said: ${results.at(-1)}` } : { toolCalls: [{ name: request.tools![0].function.name, args: { message: 'hi' } }] }
})
const provider = { baseUrl: endpoint.baseUrl, model: 'scripted-1' }

// the engine's side: MCPService with the in-memory server, its tools listed once (as a chat page keeps them)
const service = new MCPService({ platform: createNodePlatform(), stopGraceMs: 200, inMemoryServers: { 'bench-echo': () => echoServer() } })
const server: McpServer = { id: 'mem', name: 'bench-echo', type: 'inMemory', isActive: true }
const tools = await listChatTools(service, [server])
const engineModel = chatModel(provider, redactingFetch(() => service.secrets.values()))
const engineTurn = async () => {
  const result = await runChatTurn({ host: service, model: engineModel, provider, tools, messages: [{ role: 'user', content: 'echo hi' }], approval: 'all', maxRetries: 0 })
  if (result.text !== 'The tool said: Echo: hi') throw new Error(`engine answered "${result.text}"`)
}

// the bare side: the AI SDK and a raw MCP client on the same kind of server
const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
await echoServer().connect(serverEnd)
const client = new Client({ name: 'bench', version: '1.0.0' })
await client.connect(clientEnd)
const { tools: [echo] } = await client.listTools()
const bareModel = createOpenAICompatible({ name: 'openai-compatible', baseURL: provider.baseUrl, includeUsage: true }).chatModel(provider.model)
const bareTools = {
  [[...tools.keys()][0]]: tool({
    description: echo.description,
    inputSchema: jsonSchema(echo.inputSchema as JSONSchema7),
    execute: async (input: unknown) => {
      const result = await client.callTool({ name: 'echo', arguments: input as Record<string, unknown> }, CallToolResultSchema)
      return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n')
    }
  })
}
const bareTurn = async () => {
  const result = streamText({ model: bareModel, messages: [{ role: 'user', content: 'echo hi' }], tools: bareTools, stopWhen: stepCountIs(10), maxRetries: 0 })
  let text = ''
  for await (const part of result.fullStream) if (part.type === 'text-delta') text += part.text
  if (text !== 'The tool said: Echo: hi') throw new Error(`bare SDK answered "${text}"`)
}

for (let i = 0; i < WARMUP; i++) {
  await engineTurn()
  await bareTurn()
}
const engine: number[] = []
const bare: number[] = []
for (let done = 0, block = 0; done < TURNS; done += BLOCK, block++) {
  const sides: [() => Promise<void>, number[]][] = [[engineTurn, engine], [bareTurn, bare]]
  if (block % 2) sides.reverse()
  for (const [turn, into] of sides) for (let i = 0; i < BLOCK; i++) into.push(await time(turn))
}
const ratio = median(engine) / median(bare)
report('chatTurn', 'engine median ms', median(engine))
report('chatTurn', 'AI SDK alone median ms', median(bare))
report('chatTurn', 'ratio', ratio)
summary(`a chat turn with one tool call, ${TURNS} turns a side`, [
  { label: 'engine / AI SDK alone (medians)', value: ratio, shown: `${ratio.toFixed(3)}×`, goal: '≤ 1.10×', met: ratio <= 1.1 }
], [`engine ${median(engine).toFixed(2)} ms, AI SDK alone ${median(bare).toFixed(2)} ms`])

await client.close()
await service.closeAll()
await endpoint.close()
