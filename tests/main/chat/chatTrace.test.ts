import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AssistantMessage, ChatToolCallView } from '@shared/chat/conversations'
import type { McpServer } from '@shared/mcp/server'
import type { TraceSpan } from '@shared/trace/spans'
import type { Host } from '../../../src/main/createHost'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { tempDir, waitFor } from '../services/helpers'
import { startChatHost } from './chatHost'
import { closeReceivers, receiver, type OtlpSpan } from '../trace/otlpReceiver'

// A chat turn as the Trace window and a collector see it: a real host, a real MCP server in
// memory, the real provider store and the scripted model (usage 10 in / 5 out per request).
const KEY = 'sk-chat-trace-key-0123456'

function labServer() {
  const server = new SdkServer({ name: 'trace-lab', version: '1.0.0' })
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: `${a + b}` }] }))
  server.registerTool('wait', { description: 'Waits', inputSchema: { ms: z.number() } }, async ({ ms }, ctx) => {
    for (let done = 0; done < ms && !ctx.signal.aborted; done += 50) await new Promise((r) => setTimeout(r, 50))
    return { content: [{ type: 'text', text: `waited ${ms} ms` }] }
  })
  return server
}

// a built-in runs its tools unasked, so a turn needs no approval
const lab: McpServer = { id: 'trace-lab', name: 'trace-lab', type: 'inMemory', isActive: true, installSource: 'builtin' }

let script: (request: ChatRequest) => Reply = () => ({ text: 'hello' })
let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel((request) => script(request), { key: KEY })
})
afterAll(() => model.close())

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  await closeReceivers()
  script = () => ({ text: 'hello' })
})

const fn = (request: ChatRequest, tool: string) => request.tools?.map((t) => t.function.name).find((n) => n.endsWith(`__${tool}`)) ?? ''

/** Calls `tool` once; with its result back, answers with it. */
const callThenAnswer = (tool: string, args: unknown) => (request: ChatRequest): Reply => {
  const results = toolResults(request)
  return results.length ? { text: `Result: ${results.at(-1)}` } : { toolCalls: [{ name: fn(request, tool), args }] }
}

async function start(options: { baseUrl?: string; key?: string } = {}) {
  const { host, api, chatEvents, done } = await startChatHost({
    hosts,
    servers: [lab],
    userDataDir: tempDir('mcp-chat-trace-'),
    mcpOptions: { inMemoryServers: { 'trace-lab': labServer } }
  })
  await api('chat:save-provider', { name: 'Scripted', baseUrl: options.baseUrl ?? model.baseUrl, apiKey: options.key ?? KEY, models: ['scripted-1'] })
  /** Sends a message in a new conversation; the message id. */
  const send = async (text: string) => {
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text })
    return { conversationId: chat.id, messageId }
  }
  /** The turn's trace as the Trace window reads it ("Calls only" on, as by default). */
  const turnTrace = async () => {
    const turns = (await api('trace:list', { callsOnly: true })).filter((t) => t.root.name === 'chat turn scripted-1')
    expect(turns).toHaveLength(1)
    return { summary: turns[0], spans: await api('trace:get', { traceId: turns[0].traceId }) }
  }
  return { host, api, done, send, turnTrace, chatEvents }
}

const calls = (message: AssistantMessage): ChatToolCallView[] => message.parts.flatMap((p) => (p.type === 'tool' ? [p.call] : []))
const steps = (spans: TraceSpan[]) => spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat')

describe('a chat turn is one trace', () => {
  it('the turn, a span per model step with its GenAI usage, and the tool call beneath the step that asked for it', async () => {
    script = callThenAnswer('add', { a: 2, b: 3 })
    const { api, send, done, turnTrace } = await start()
    const { conversationId, messageId } = await send('What is 2 + 3? My secret plan is inside.')
    const message = await done(messageId)
    expect(calls(message).map((c) => c.status)).toEqual(['ok'])

    const { summary, spans } = await turnTrace()
    const root = summary.root
    expect(root.parentSpanId).toBeUndefined()
    expect(root.status).toBe('ok')
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.request.model': 'scripted-1',
      'gen_ai.conversation.id': conversationId,
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 10,
      'chat.steps': 2,
      'chat.tool_calls': 1
    })

    const [first, second] = steps(spans)
    expect(steps(spans)).toHaveLength(2)
    for (const step of [first, second]) {
      expect(step.name).toBe('chat scripted-1')
      expect(step.parentSpanId).toBe(root.spanId)
      expect(step.status).toBe('ok')
      expect(step.attributes).toMatchObject({
        'gen_ai.provider.name': 'openai-compatible',
        'gen_ai.system': 'openai-compatible',
        'gen_ai.request.model': 'scripted-1',
        'gen_ai.response.model': 'scripted-1',
        'gen_ai.usage.input_tokens': 10,
        'gen_ai.usage.output_tokens': 5,
        'server.address': '127.0.0.1'
      })
    }
    expect(first.attributes['gen_ai.response.finish_reasons']).toEqual(['tool-calls'])
    expect(second.attributes['gen_ai.response.finish_reasons']).toEqual(['stop'])
    expect(second.attributes['chat.response.text_length']).toBe('Result: 5'.length)

    const call = spans.find((s) => s.attributes['mcp.operation'] === 'tools/call')!
    expect(call.name).toBe('trace-lab.add')
    expect(call.traceId).toBe(root.traceId)
    expect(call.parentSpanId).toBe(first.spanId)
    // filtered by the server its call went to, the turn is listed too
    expect((await api('trace:list', { callsOnly: true, serverId: lab.id })).map((t) => t.root.name)).toContain('chat turn scripted-1')
    // what was said is not recorded: sizes and counts only
    expect(JSON.stringify(spans)).not.toContain('secret plan')
    expect(JSON.stringify(spans)).not.toContain('Result: 5')
    expect(JSON.stringify(spans)).not.toContain(KEY)
  })

  it('a refused key: the turn and its step fail with the reason, never the key the endpoint quoted back', async () => {
    const WRONG = 'sk-wrong-key-quoted-back-987'
    const quoting = await scriptedModel(() => ({ status: 401, error: `Incorrect API key provided: ${WRONG}` }))
    try {
      const { send, done, turnTrace } = await start({ baseUrl: quoting.baseUrl, key: WRONG })
      const message = await done((await send('hello')).messageId)
      expect(message.error?.kind).toBe('provider')

      const { summary, spans } = await turnTrace()
      expect(summary.hasError).toBe(true)
      expect(summary.root.status).toBe('error')
      expect(summary.root.error).toMatch(/401|key/i)
      const [step] = steps(spans)
      expect(step.status).toBe('error')
      expect(step.parentSpanId).toBe(summary.root.spanId)
      expect(JSON.stringify(spans)).not.toContain(WRONG)
    } finally {
      await quoting.close()
    }
  })

  it('a stopped turn says so: the turn and the step end as stopped, the call beneath them', async () => {
    script = callThenAnswer('wait', { ms: 30_000 })
    const { api, send, done, chatEvents, turnTrace } = await start()
    const { conversationId, messageId } = await send('wait for me')
    await waitFor(() => chatEvents(messageId).some((e) => e.event.type === 'tool' && e.event.call.status === 'running'), 15_000, 'the call to run')
    await api('chat:stop', { conversationId })
    const message = await done(messageId)
    expect(message.stopped).toBe(true)

    const { summary, spans } = await turnTrace()
    expect(summary.root.status).toBe('error')
    expect(summary.root.error).toBe('the chat turn was stopped')
    expect(summary.root.attributes['chat.stopped']).toBe(true)
    const [step] = steps(spans)
    expect(step.status).toBe('error')
    const call = spans.find((s) => s.attributes['mcp.operation'] === 'tools/call')!
    expect(call.parentSpanId).toBe(step.spanId)
  })

  it('goes to the collector with the rest: the GenAI step span is exported over OTLP', async () => {
    const collector = await receiver()
    script = () => ({ text: 'exported' })
    const { host, api, send, done } = await start()
    await api('trace:set-export', { enabled: true, endpoint: `${collector.url}/v1/traces`, headers: [] })
    await done((await send('hello')).messageId)
    // closing the host flushes its export
    hosts.splice(hosts.indexOf(host), 1)
    await host.close()
    const step = (span: OtlpSpan) => span.attributes.some((a) => a.key === 'gen_ai.operation.name' && a.value.stringValue === 'chat')
    await waitFor(() => collector.spans.some(step), 10_000, 'the exported step span')
    const exported = collector.spans.find(step)!
    expect(exported.name).toBe('chat scripted-1')
    const root = collector.spans.find((s) => s.name === 'chat turn scripted-1')!
    expect(exported.parentSpanId).toBe(root.spanId)
  })
})
