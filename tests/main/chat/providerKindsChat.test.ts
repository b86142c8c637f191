import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AssistantMessage } from '@shared/chat/conversations'
import type { Host } from '../../../src/main/createHost'
import { anthropicToolResults, scriptedAnthropic, type ScriptedAnthropic } from '../../fixtures/chat/scriptedAnthropic'
import { GEMINI_KEY_INVALID, scriptedGemini, type ScriptedGemini } from '../../fixtures/chat/scriptedGemini'
import { tempDir } from '../services/helpers'
import { startChatHost } from './chatHost'

// The app's path for the new kinds: a provider of kind anthropic/google saved over IPC, its key
// sealed like the others, its models listed from its own endpoint, a turn that calls a real
// (in-memory) MCP server's tool, and a failure carried with its code.
const KEY = 'sk-ant-chat-kinds-0123456'

function calculator() {
  const server = new SdkServer({ name: 'calc', version: '1.0.0' })
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: `${a + b}` }] }))
  return server
}

const hosts: Host[] = []
const endpoints: (ScriptedAnthropic | ScriptedGemini)[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  await Promise.all(endpoints.splice(0).map((e) => e.close()))
})

async function start() {
  // a built-in: its tools run without asking, so the turn needs no approval here
  return startChatHost({
    hosts,
    servers: [{ id: 'calc', name: 'calc', type: 'inMemory', isActive: true, installSource: 'builtin' }],
    userDataDir: tempDir('mcp-chat-kinds-'),
    mcpOptions: { inMemoryServers: { calc: calculator } }
  })
}

const textOf = (message: AssistantMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')

describe('Anthropic and Gemini providers in the app', () => {
  it('an Anthropic provider: models listed from its endpoint, a chat that calls a tool and answers, the key never shown to a window', async () => {
    const endpoint = await scriptedAnthropic(
      (request) => {
        const results = anthropicToolResults(request)
        const add = request.tools?.find((t) => t.name.endsWith('__add'))?.name ?? ''
        return results.length ? { text: `It is ${results[0]}.` } : { toolCalls: [{ name: add, args: { a: 40, b: 2 } }] }
      },
      { key: KEY, models: ['claude-kinds-1', 'claude-kinds-2'] }
    )
    endpoints.push(endpoint)
    const { api, done } = await start()
    const draft = { name: 'Claude', kind: 'anthropic' as const, baseUrl: endpoint.baseUrl, apiKey: KEY }
    expect(await api('chat:list-models', { draft })).toEqual(['claude-kinds-1', 'claude-kinds-2'])
    const saved = await api('chat:save-provider', { ...draft, models: ['claude-kinds-1'] })
    expect(saved).toMatchObject({ kind: 'anthropic', hasKey: true, source: 'saved' })
    expect(JSON.stringify(await api('chat:list-providers'))).not.toContain(KEY)

    const chat = await api('chat:create-conversation')
    const answer = await done((await api('chat:send', { conversationId: chat.id, text: 'forty plus two?' })).messageId)
    expect(answer.error).toBeUndefined()
    expect(textOf(answer)).toBe('It is 42.')
    expect(answer.parts.find((p) => p.type === 'tool')).toMatchObject({ call: { tool: 'add', status: 'ok', result: '42' } })
    expect(answer.model).toEqual({ providerId: saved.id, model: 'claude-kinds-1' })

    // the turn's trace names the provider as GenAI does
    const [turn] = (await api('trace:list', { callsOnly: true })).filter((t) => t.root.name === 'chat turn claude-kinds-1')
    const steps = (await api('trace:get', { traceId: turn.traceId })).filter((s) => s.attributes['gen_ai.operation.name'] === 'chat')
    expect(steps).toHaveLength(2)
    for (const step of steps) expect(step.attributes).toMatchObject({ 'gen_ai.provider.name': 'anthropic', 'gen_ai.request.model': 'claude-kinds-1' })
  })

  it('a Gemini provider whose key Google refuses: the turn ends with PROVIDER_KEY_REFUSED and the provider\'s words, without the key', async () => {
    const endpoint = await scriptedGemini(() => ({ status: 400, body: GEMINI_KEY_INVALID }), { models: ['gemini-kinds-1'] })
    endpoints.push(endpoint)
    const { api, done } = await start()
    await api('chat:save-provider', { name: 'Gemini', kind: 'google', baseUrl: endpoint.baseUrl, apiKey: 'AIza-wrong-key-123456', models: ['gemini-kinds-1'] })
    const chat = await api('chat:create-conversation')
    const failed = await done((await api('chat:send', { conversationId: chat.id, text: 'hello?' })).messageId)
    expect(failed.error).toMatchObject({ kind: 'provider', status: 400, code: 'PROVIDER_KEY_REFUSED', message: expect.stringContaining('API key not valid') })
    expect(failed.error?.message).not.toContain('AIza-wrong-key-123456')
    // kept with the conversation, code and all
    expect((await api('chat:get-conversation', { conversationId: chat.id })).messages.at(-1)).toEqual(failed)
    // the failed request's span names Gemini as GenAI does
    const [turn] = (await api('trace:list', { callsOnly: true })).filter((t) => t.root.name === 'chat turn gemini-kinds-1')
    const [step] = (await api('trace:get', { traceId: turn.traceId })).filter((s) => s.attributes['gen_ai.operation.name'] === 'chat')
    expect(step).toMatchObject({ status: 'error', attributes: { 'gen_ai.provider.name': 'gcp.gemini' } })
  })
})
