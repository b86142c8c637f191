import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AssistantMessage } from '@shared/chat/conversations'
import { DEFAULT_CHAT_SETTINGS } from '@shared/chat/chatSettings'
import type { McpServer } from '@shared/mcp/server'
import type { Host } from '../../../src/main/createHost'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { tempDir, waitFor } from '../services/helpers'
import { startChatHost } from './chatHost'

// Settings → Chat and the per-model options, saved over IPC on a real host, change what the next turn does.
function labServer() {
  const server = new SdkServer({ name: 'settings-lab', version: '1.0.0' })
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: `${a + b}` }] }))
  server.registerTool('essay', { description: 'Writes a long text', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'x'.repeat(5000) }] }))
  return server
}
// a built-in: its tools run without asking, so the turn needs no approval
const lab: McpServer = { id: 'lab', name: 'settings-lab', type: 'inMemory', isActive: true, installSource: 'builtin' }

let script: (request: ChatRequest) => Reply = () => ({ text: 'hello' })
let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel((request) => script(request))
})
afterAll(() => model.close())
const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  model.bodies.length = 0
})

const fn = (request: ChatRequest, tool: string) => request.tools?.map((t) => t.function.name).find((n) => n.endsWith(`__${tool}`)) ?? ''

async function start(userDataDir = tempDir('mcp-chat-settings-')) {
  const { api, done } = await startChatHost({ hosts, servers: [lab], userDataDir, mcpOptions: { inMemoryServers: { 'settings-lab': labServer } } })
  const provider = (await api('chat:list-providers')).providers[0] ?? (await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'] }))
  const ask = async (text: string): Promise<AssistantMessage> => {
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text })
    return done(messageId)
  }
  return { api, ask, provider, userDataDir }
}

describe('the chat settings', () => {
  it('start at a step limit of 10 and 100,000 characters, and a new step limit stops the next turn there; it is kept for the next start', async () => {
    script = (request) => ({ toolCalls: [{ name: fn(request, 'add'), args: { a: 1, b: 1 } }] })
    const { api, ask, userDataDir } = await start()
    expect(await api('chat:get-settings')).toEqual(DEFAULT_CHAT_SETTINGS)
    expect(await api('chat:change-settings', { maxSteps: 2 })).toMatchObject({ maxSteps: 2, maxToolResultChars: 100_000 })
    const answer = await ask('keep adding')
    expect(answer.stepLimit).toBe(2)
    expect(model.requests()).toHaveLength(2)

    const again = await start(userDataDir)
    expect((await again.api('chat:get-settings')).maxSteps).toBe(2)
  })

  it('a smaller tool-result limit cuts what the model reads, with a note saying so', async () => {
    script = (request) => (toolResults(request).length ? { text: 'done' } : { toolCalls: [{ name: fn(request, 'essay'), args: {} }] })
    const { api, ask } = await start()
    await api('chat:change-settings', { maxToolResultChars: 1000 })
    await ask('write')
    const [result] = toolResults(model.requests()[1])
    expect(result).toBe(`${'x'.repeat(1000)}\n[truncated: the result has 5000 characters; only the first 1000 were sent]`)
  })

  it("a model's options are kept per model: in-the-prompt tool mode sends no native tools to that model", async () => {
    script = () => ({ text: 'hi' })
    const { api, ask, provider } = await start()
    const settings = await api('chat:change-settings', { model: { providerId: provider.id, model: 'scripted-1', options: { images: true, toolMode: 'prompt' } } })
    expect(settings.models).toEqual({ [provider.id]: { 'scripted-1': { images: true, toolMode: 'prompt' } } })
    await ask('hello')
    const [request] = model.requests()
    expect(request.tools).toBeUndefined()
    expect(request.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/__add: Adds two numbers/) })
  })

  it("a removed provider's model options go with it, so a new provider that gets its id starts with the defaults", async () => {
    const { api, provider } = await start()
    await api('chat:change-settings', { model: { providerId: provider.id, model: 'scripted-1', options: { images: true, toolMode: 'prompt' } } })
    await api('chat:remove-provider', { providerId: provider.id })
    await waitFor(async () => Object.keys((await api('chat:get-settings')).models).length === 0, 15_000, 'the options to be forgotten')
    const again = await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'] })
    expect(again.id).toBe(provider.id)
    expect((await api('chat:get-settings')).models).toEqual({})
  })

  it('a value out of range is refused, naming the field and the range', async () => {
    const { api } = await start()
    await expect(api('chat:change-settings', { maxSteps: 0 })).rejects.toThrow(/maxSteps/)
    await expect(api('chat:change-settings', { maxToolResultChars: 10 })).rejects.toThrow(/maxToolResultChars: at least 1000/)
    expect(await api('chat:get-settings')).toEqual(DEFAULT_CHAT_SETTINGS)
  })
})
