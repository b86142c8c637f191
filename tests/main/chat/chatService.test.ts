import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { AssistantMessage, ChatToolCallView } from '@shared/chat/conversations'
import type { ChatApprovalRequest } from '@shared/chat/events'
import type { McpServer } from '@shared/mcp/server'
import type { Host } from '../../../src/main/createHost'
import { DENIED_RESULT } from '../../../src/main/services/chat/chatTurn'
import { ConversationStore } from '../../../src/main/services/chat/ConversationStore'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { waitFor } from '../services/helpers'
import { startChatHost } from './chatHost'

// Main's chat service as the windows use it, over the IPC router: a real host, real MCP servers
// in memory, the real provider store, and a scripted OpenAI-compatible model.
const KEY = 'sk-chat-service-key-0123'

/** What the servers saw: each cancelled `wait` call. */
const cancelled: string[] = []

function labServer(name: string) {
  const server = new SdkServer({ name, version: '1.0.0' })
  server.registerTool('add', { description: 'Adds two numbers', annotations: { readOnlyHint: true }, inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: 'text', text: `${a + b}` }]
  }))
  server.registerTool('wait', { description: 'Waits, reporting progress', inputSchema: { ms: z.number() } }, async ({ ms }, ctx) => {
    ctx.signal.addEventListener('abort', () => cancelled.push(name), { once: true })
    const token = ctx._meta?.progressToken
    for (let done = 0; done < ms && !ctx.signal.aborted; done += 50) {
      if (token !== undefined) await ctx.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total: ms } })
      await new Promise((r) => setTimeout(r, 50))
    }
    return { content: [{ type: 'text', text: `waited ${ms} ms` }] }
  })
  return server
}

const lab: McpServer = { id: 'lab', name: 'chat-lab', type: 'inMemory', isActive: true }
const builtin: McpServer = { id: 'builtin-lab', name: 'chat-builtin', type: 'inMemory', isActive: true, installSource: 'builtin' }

/** The model's script for the running test. */
let script: (request: ChatRequest) => Reply = () => ({ text: 'hello' })
let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel((request) => script(request), { key: KEY })
})
afterAll(() => model.close())

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  cancelled.length = 0
  script = () => ({ text: 'hello' })
})

/** The function-call id the model was offered for this tool (each test has one server). */
const fn = (request: ChatRequest, tool: string) => request.tools?.map((t) => t.function.name).find((n) => n.endsWith(`__${tool}`)) ?? ''

/** Call `tool` of `server` once; with its result present, answer with it. */
const callThenAnswer = (tool: string, args: unknown) => (request: ChatRequest): Reply => {
  // this turn's results: those after the user's last message
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user')
  const results = toolResults({ ...request, messages: request.messages.slice(lastUser) })
  return results.length ? { text: `Result: ${results.at(-1)}` } : { toolCalls: [{ name: fn(request, tool), args }] }
}

async function start(options: { servers?: McpServer[]; key?: string; userDataDir?: string; noProvider?: boolean } = {}) {
  const { host, api, events, chatEvents, done, userDataDir } = await startChatHost({
    hosts,
    servers: options.servers ?? [lab],
    userDataDir: options.userDataDir,
    mcpOptions: { inMemoryServers: { 'chat-lab': () => labServer('chat-lab'), 'chat-builtin': () => labServer('chat-builtin') } }
  })
  const provider = options.noProvider ? undefined : await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, apiKey: options.key ?? KEY, models: ['scripted-1'] })
  const of = <T>(name: string) => events.filter((e) => e.event === name).map((e) => e.payload as T)
  const approvals = () => of<ChatApprovalRequest>('chat:approval-request')
  const waitForApproval = async (count = 1) => {
    await waitFor(() => approvals().length >= count, 15_000, 'an approval request')
    return approvals()[count - 1]
  }
  return { host, api, events, of, chatEvents, done, approvals, waitForApproval, provider, userDataDir }
}

const calls = (message: AssistantMessage): ChatToolCallView[] => message.parts.flatMap((p) => (p.type === 'tool' ? [p.call] : []))
const textOf = (message: AssistantMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')

describe('the chat service: conversations, turns, approvals', () => {
  it('asks before a tool call; allowed once, the answer is stored, named after the first message, and read back from the folder', async () => {
    script = callThenAnswer('add', { a: 2, b: 3 })
    const { api, done, waitForApproval, chatEvents, of, userDataDir } = await start()
    const chat = await api('chat:create-conversation')
    expect(chat.title).toBe('New chat')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'What is 2 + 3?\nShow your work.' })

    const request = await waitForApproval()
    expect(request).toMatchObject({ conversationId: chat.id, call: { tool: 'add', server: 'chat-lab', serverId: 'lab', status: 'waiting', input: { a: 2, b: 3 } }, annotations: { readOnlyHint: true }, toolDescription: 'Adds two numbers' })
    expect(await api('chat:pending-approvals')).toEqual([request])
    expect(await api('chat:respond-approval', { requestId: request.requestId, decision: 'once' })).toBe(true)
    // answered: another window's answer comes too late, and every window closes the question
    expect(await api('chat:respond-approval', { requestId: request.requestId, decision: 'deny' })).toBe(false)
    expect(of<{ requestId: string }>('chat:approval-done')).toEqual([{ requestId: request.requestId }])
    expect(await api('chat:pending-approvals')).toEqual([])

    const answer = await done(messageId)
    expect(textOf(answer)).toBe('Result: 5')
    expect(calls(answer)).toEqual([expect.objectContaining({ tool: 'add', status: 'ok', result: '5' })])
    expect(answer.usage?.totalTokens).toBe(30)
    expect(answer).not.toHaveProperty('running')
    // the call went waiting → running → ok, every event numbered from 1 without a gap
    const seqs = chatEvents(messageId).map((e) => e.seq)
    expect(seqs).toEqual(seqs.map((_, i) => i + 1))
    expect(chatEvents(messageId).flatMap((e) => (e.event.type === 'tool' ? [e.event.call.status] : []))).toEqual(['waiting', 'running', 'ok'])

    const list = await api('chat:list-conversations')
    expect(list.conversations).toEqual([{ id: chat.id, title: 'What is 2 + 3?', updatedAt: expect.any(Number), preview: 'Result: 5', running: false }])

    // a new process reads the folder: the same conversation, and the files are the user's alone
    const store = new ConversationStore(userDataDir)
    await store.load()
    expect(store.list()).toEqual([expect.objectContaining({ id: chat.id, title: 'What is 2 + 3?', preview: 'Result: 5' })])
    const stored = await store.read(chat.id)
    expect(stored.conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(stored.conversation.messages[1]).toEqual(answer)
    // the model's own history: the question, the call, its result, the answer
    expect(stored.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    const file = join(store.dir, `${chat.id}.json`)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('a denied call reaches the model as the denial, and the call shows denied', async () => {
    script = callThenAnswer('add', { a: 1, b: 1 })
    const { api, done, waitForApproval } = await start()
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: '1 + 1?' })
    await api('chat:respond-approval', { requestId: (await waitForApproval()).requestId, decision: 'deny' })
    const answer = await done(messageId)
    expect(calls(answer)).toEqual([expect.objectContaining({ status: 'denied', result: DENIED_RESULT })])
    expect(toolResults(model.requests().at(-1)!)).toEqual([DENIED_RESULT])
    expect(textOf(answer)).toBe(`Result: ${DENIED_RESULT}`)
  })

  it('"allow for this chat" stops asking in that chat only; "always" sets the server\'s Auto-approve switch', async () => {
    script = callThenAnswer('add', { a: 1, b: 2 })
    const { api, done, waitForApproval, approvals, host } = await start()
    const chat = await api('chat:create-conversation')
    let { messageId } = await api('chat:send', { conversationId: chat.id, text: 'first' })
    await api('chat:respond-approval', { requestId: (await waitForApproval(1)).requestId, decision: 'chat' })
    await done(messageId)
    ;({ messageId } = await api('chat:send', { conversationId: chat.id, text: 'again' }))
    expect(calls(await done(messageId))).toEqual([expect.objectContaining({ status: 'ok' })])
    expect(approvals()).toHaveLength(1)

    // another chat asks again; "always" turns the switch on in the server list
    const other = await api('chat:create-conversation')
    ;({ messageId } = await api('chat:send', { conversationId: other.id, text: 'other' }))
    await api('chat:respond-approval', { requestId: (await waitForApproval(2)).requestId, decision: 'always' })
    await done(messageId)
    expect(host.registry.get('lab')?.tools?.autoApprove).toEqual(['add'])
    const third = await api('chat:create-conversation')
    ;({ messageId } = await api('chat:send', { conversationId: third.id, text: 'third' }))
    expect(calls(await done(messageId))).toEqual([expect.objectContaining({ status: 'ok' })])
    expect(approvals()).toHaveLength(2)
  })

  it("a built-in's tools run without asking", async () => {
    script = callThenAnswer('add', { a: 4, b: 4 })
    const { api, done, approvals } = await start({ servers: [builtin] })
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: '4 + 4' })
    const answer = await done(messageId)
    expect(calls(answer)).toEqual([expect.objectContaining({ server: 'chat-builtin', status: 'ok', result: '8' })])
    expect(approvals()).toEqual([])
  })

  it('stop during a long tool call: the server is told, the call ends stopped, what was said is kept, and the chat takes messages again', async () => {
    script = callThenAnswer('wait', { ms: 60_000 })
    const { api, chatEvents, done } = await start({ servers: [builtin] })
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'take your time' })
    await waitFor(() => chatEvents(messageId).some((e) => e.event.type === 'tool' && e.event.call.progress), 15_000, 'progress of the long call')
    // one turn at a time per conversation
    await expect(api('chat:send', { conversationId: chat.id, text: 'hurry' })).rejects.toMatchObject({ code: 'CHAT_BUSY', message: expect.stringContaining('still answering') })

    expect(await api('chat:stop', { conversationId: chat.id })).toBe(true)
    const stopped = await done(messageId)
    expect(stopped.stopped).toBe(true)
    expect(calls(stopped)).toEqual([expect.objectContaining({ tool: 'wait', status: 'stopped' })])
    await waitFor(() => cancelled.includes('chat-builtin'), 5000, 'the server to see the cancel')
    expect((await api('chat:get-conversation', { conversationId: chat.id })).messages.at(-1)).toEqual(stopped)
    expect(await api('chat:stop', { conversationId: chat.id })).toBe(false)

    script = () => ({ text: 'here now' })
    const next = await api('chat:send', { conversationId: chat.id, text: 'never mind' })
    expect(textOf(await done(next.messageId))).toBe('here now')
  })

  it("a refused key ends the turn with the provider's error stored on the message; retry runs the question again once it is fixed", async () => {
    script = () => ({ text: 'fine now' })
    const { api, done, provider } = await start({ key: 'sk-wrong-key-99999' })
    const chat = await api('chat:create-conversation')
    const failed = await done((await api('chat:send', { conversationId: chat.id, text: 'hello?' })).messageId)
    expect(failed.error).toMatchObject({ kind: 'provider', status: 401, code: 'PROVIDER_KEY_REFUSED', message: expect.stringContaining('refused the API key') })
    expect(failed.error?.message).not.toContain('sk-wrong-key-99999')
    expect(failed.error?.message).not.toMatch(/\n\s+at /)
    expect((await api('chat:get-conversation', { conversationId: chat.id })).messages.at(-1)).toEqual(failed)

    await api('chat:save-provider', { id: provider!.id, name: 'Scripted', baseUrl: model.baseUrl, apiKey: KEY, models: ['scripted-1'] })
    const again = await done((await api('chat:retry', { conversationId: chat.id })).messageId)
    expect(textOf(again)).toBe('fine now')
    const { messages } = await api('chat:get-conversation', { conversationId: chat.id })
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[1]).toEqual(again)
    // the model read the question once, not twice
    expect(model.requests().at(-1)!.messages.filter((m) => m.role === 'user')).toHaveLength(1)
  })

  it('a window that loads mid-turn gets the running message with its seq, and later events continue from it', async () => {
    script = callThenAnswer('add', { a: 5, b: 6 })
    const { api, chatEvents, done, waitForApproval } = await start()
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'eleven?' })
    const request = await waitForApproval()

    const loaded = await api('chat:get-conversation', { conversationId: chat.id })
    const running = loaded.messages.at(-1) as AssistantMessage
    expect(running).toMatchObject({ id: messageId, role: 'assistant', running: true })
    expect(running.seq).toBe(chatEvents(messageId).at(-1)!.seq)
    expect(calls(running)).toEqual([expect.objectContaining({ status: 'waiting' })])
    expect((await api('chat:list-conversations')).conversations[0]).toMatchObject({ id: chat.id, running: true })

    await api('chat:respond-approval', { requestId: request.requestId, decision: 'once' })
    const answer = await done(messageId)
    const later = chatEvents(messageId).filter((e) => e.seq > running.seq!)
    expect(later[0].seq).toBe(running.seq! + 1)
    // what the window holds plus the later events is the stored answer
    const text = textOf(running) + later.map((e) => (e.event.type === 'text' ? e.event.text : '')).join('')
    expect(text).toBe(textOf(answer))
  })

  it('a fast model\'s text reaches the windows in a few joined events, not one per token', async () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ')
    script = () => ({ text: words })
    const { api, chatEvents, done } = await start()
    const chat = await api('chat:create-conversation')
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'talk' })
    const answer = await done(messageId)
    const texts = chatEvents(messageId).flatMap((e) => (e.event.type === 'text' ? [e.event.text] : []))
    expect(texts.join('')).toBe(words)
    expect(textOf(answer)).toBe(words)
    expect(texts.length).toBeLessThan(40)
  })

  it('deleting a chat stops its turn and ends its waiting approval', async () => {
    script = callThenAnswer('add', { a: 1, b: 1 })
    const { api, waitForApproval, of } = await start()
    const chat = await api('chat:create-conversation')
    await api('chat:send', { conversationId: chat.id, text: 'one' })
    const request = await waitForApproval()
    await api('chat:delete-conversation', { conversationId: chat.id })
    expect(of<{ requestId: string }>('chat:approval-done')).toEqual([{ requestId: request.requestId }])
    expect(await api('chat:pending-approvals')).toEqual([])
    expect((await api('chat:list-conversations')).conversations).toEqual([])
    await expect(api('chat:get-conversation', { conversationId: chat.id })).rejects.toMatchObject({ code: 'CHAT_NOT_FOUND' })
  })

  it('the picker lists the tools by server, those left out of the chat marked, and a turn offers only the others', async () => {
    script = () => ({ text: 'ok' })
    const { api, done } = await start()
    const chat = await api('chat:create-conversation')
    const [group] = await api('chat:list-tools', { conversationId: chat.id })
    expect(group).toMatchObject({ serverId: 'lab', server: 'chat-lab' })
    expect(group.tools.map((t) => t.name).sort()).toEqual(['add', 'wait'])
    const waitId = group.tools.find((t) => t.name === 'wait')!.id
    await api('chat:update-conversation', { conversationId: chat.id, title: 'Renamed', tools: { disabledTools: [waitId] } })
    expect((await api('chat:list-tools', { conversationId: chat.id }))[0].tools.find((t) => t.id === waitId)).toMatchObject({ disabled: true })
    await done((await api('chat:send', { conversationId: chat.id, text: 'hi' })).messageId)
    expect(model.requests().at(-1)!.tools?.map((t) => t.function.name)).not.toContain(waitId)
    // a renamed chat keeps its name after the first message
    expect((await api('chat:get-conversation', { conversationId: chat.id })).title).toBe('Renamed')
  })

  it('with no provider, or tools that cannot be listed, the turn ends with the reason on the message', async () => {
    // no provider from the environment either
    vi.stubEnv('OPENAI_BASE_URL', '')
    vi.stubEnv('OPENAI_API_KEY', '')
    try {
      const ghost: McpServer = { id: 'ghost', name: 'ghost', type: 'inMemory', isActive: true }
      const { api, done } = await start({ noProvider: true, servers: [lab, ghost] })
      const chat = await api('chat:create-conversation')
      const none = await done((await api('chat:send', { conversationId: chat.id, text: 'anyone?' })).messageId)
      expect(none.error).toMatchObject({ kind: 'provider', message: expect.stringContaining('no model provider yet') })
      expect((await api('chat:get-conversation', { conversationId: chat.id })).messages.at(-1)).toEqual(none)

      await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, apiKey: KEY, models: ['scripted-1'] })
      const broken = await done((await api('chat:retry', { conversationId: chat.id })).messageId)
      expect(broken.error).toMatchObject({ kind: 'tools', message: expect.stringContaining('no built-in server named "ghost"') })
      // the picker shows which server failed, and the others' tools
      const groups = await api('chat:list-tools', { conversationId: chat.id })
      expect(groups.find((g) => g.serverId === 'ghost')).toMatchObject({ tools: [], error: expect.stringContaining('ghost') })
      expect(groups.find((g) => g.serverId === 'lab')?.tools).toHaveLength(2)

      // picking only the working server: the chat answers
      script = () => ({ text: 'here' })
      await api('chat:update-conversation', { conversationId: chat.id, tools: { serverIds: ['lab'], disabledTools: [] } })
      expect(textOf(await done((await api('chat:retry', { conversationId: chat.id })).messageId))).toBe('here')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('a damaged conversation file is set aside and named; the others are listed', async () => {
    script = () => ({ text: 'kept' })
    const first = await start()
    const chat = await first.api('chat:create-conversation')
    await first.done((await first.api('chat:send', { conversationId: chat.id, text: 'keep me' })).messageId)
    const dir = join(first.userDataDir, 'chat', 'conversations')
    writeFileSync(join(dir, 'broken.json'), '{"version":1,"conversation":')
    await first.host.close()
    hosts.splice(hosts.indexOf(first.host), 1)

    const { api } = await start({ userDataDir: first.userDataDir })
    const list = await api('chat:list-conversations')
    expect(list.conversations.map((c) => c.title)).toEqual(['keep me'])
    expect(list.notices).toEqual([expect.stringMatching(/broken\.json\.corrupt-\d+: this conversation could not be read and was set aside \(not JSON/)])
    expect(existsSync(join(dir, 'broken.json'))).toBe(false)
    expect(readdirSync(dir).filter((n) => n.startsWith('broken.json.corrupt-'))).toHaveLength(1)
  })
})
