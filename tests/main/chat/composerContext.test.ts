import { McpServer as SdkServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { IpcArgs, IpcChannelName } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import type { Host } from '../../../src/main/createHost'
import { ConversationStore } from '../../../src/main/services/chat/ConversationStore'
import { MAX_TOOL_RESULT_CHARS } from '../../../src/main/services/chat/toolResultForModel'
import { scriptedModel, type ChatRequest, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { tempDir } from '../services/helpers'
import { startChatHost } from './chatHost'

// The composer's `/` and `@` through main's channels: a real host, a real MCP server in memory
// with prompts and resources, and a scripted OpenAI-compatible model that records what it got.
const TOKEN = 'notes-token-7f3a9c21e5'
const PNG = Buffer.from('not really a png, but binary all the same').toString('base64')

function notesServer() {
  const server = new SdkServer({ name: 'notes', version: '1.0.0' })
  server.registerResource('Read me', 'notes://readme', { mimeType: 'text/markdown', description: 'How the notes work' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: `# Notes\nThe sync token is ${TOKEN}.` }]
  }))
  server.registerResource('Logo', 'notes://logo', { mimeType: 'image/png' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] }))
  server.registerResource('Huge', 'notes://huge', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'x'.repeat(MAX_TOOL_RESULT_CHARS + 500) }]
  }))
  server.registerResource('Day', new ResourceTemplate('notes://day/{date}', { list: undefined }), { description: 'The notes of one day' }, async (uri, { date }) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Notes of ${String(date)}: buy milk` }]
  }))
  server.registerPrompt('summarize', { description: 'Summarize a topic', argsSchema: { topic: z.string() } }, ({ topic }) => ({
    messages: [
      { role: 'user', content: { type: 'text', text: `Summarize what the notes say about ${topic}.` } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'notes://readme', mimeType: 'text/markdown', text: `token ${TOKEN}` } } },
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } }
    ]
  }))
  return server
}

const notes: McpServer = { id: 'notes', name: 'notes', type: 'inMemory', isActive: true, env: { NOTES_TOKEN: TOKEN } }
const other: McpServer = { id: 'other', name: 'other', type: 'inMemory', isActive: true }

let model: ScriptedModel
let lastUserText = ''
let lastUserContent: unknown
beforeAll(async () => {
  model = await scriptedModel((request: ChatRequest) => {
    lastUserContent = request.messages.findLast((m) => m.role === 'user')?.content
    lastUserText = String(lastUserContent ?? '')
    return { text: 'Read it.' }
  })
})
afterAll(() => model.close())

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

async function start() {
  const { host, api, done, userDataDir } = await startChatHost({
    hosts,
    servers: [notes, other],
    userDataDir: tempDir('mcp-chat-context-'),
    mcpOptions: { inMemoryServers: { notes: notesServer, other: notesServer } }
  })
  const refused = async <C extends IpcChannelName>(channel: C, args: IpcArgs<C>) => {
    const response = await host.router.invoke(channel, args, { via: 'direct' })
    if (response.ok) throw new Error(`${channel} was not refused`)
    return response.error
  }
  const provider = await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'] })
  // this chat uses the notes server only
  const chat = await api('chat:create-conversation', { tools: { serverIds: ['notes'], disabledTools: [] } })
  return { api, refused, chat, done, userDataDir, provider }
}

describe('prompts and resources in the composer', () => {
  it("lists the prompts, resources and templates of the chat's servers only", async () => {
    const { api, chat } = await start()
    const context = await api('chat:list-context', { conversationId: chat.id })
    expect(context).toEqual([
      expect.objectContaining({
        serverId: 'notes',
        server: 'notes',
        prompts: [{ name: 'summarize', description: 'Summarize a topic', arguments: [expect.objectContaining({ name: 'topic', required: true })] }],
        resources: expect.arrayContaining([expect.objectContaining({ uri: 'notes://readme', name: 'Read me', mimeType: 'text/markdown' })]),
        templates: [expect.objectContaining({ uriTemplate: 'notes://day/{date}', name: 'Day' })]
      })
    ])
  })

  it('an attached resource reaches the model as a block naming its URI, its secret redacted; the chip is kept with the message', async () => {
    const { api, chat, done, userDataDir } = await start()
    const chip = await api('chat:attach-resource', { conversationId: chat.id, serverId: 'notes', uri: 'notes://readme' })
    expect(chip).toEqual({ serverId: 'notes', server: 'notes', uri: 'notes://readme', name: 'Read me', mimeType: 'text/markdown', chars: `# Notes\nThe sync token is ${TOKEN}.`.length })

    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'What does it say?', attachments: [{ serverId: 'notes', uri: 'notes://readme' }] })
    await done(messageId)
    expect(lastUserText).toContain('<resource uri="notes://readme" server="notes" name="Read me">\n# Notes\nThe sync token is')
    expect(lastUserText.endsWith('</resource>\n\nWhat does it say?')).toBe(true)
    // the server's secret never reached the model
    expect(model.bodies.join('\n')).not.toContain(TOKEN)

    // the page shows the question as typed, with its chip; so does a new process reading the folder
    const shown = await api('chat:get-conversation', { conversationId: chat.id })
    expect(shown.messages[0]).toMatchObject({ role: 'user', text: 'What does it say?', attachments: [chip] })
    const store = new ConversationStore(userDataDir)
    await store.load()
    expect((await store.read(chat.id)).conversation.messages[0]).toMatchObject({ attachments: [chip] })
  })

  it('a template filled in is read; a big resource is cut at the result-size limit with a note', async () => {
    const { api, chat, done } = await start()
    const day = await api('chat:attach-resource', { conversationId: chat.id, serverId: 'notes', uri: 'notes://day/2026-12-07' })
    expect(day).toMatchObject({ name: 'notes://day/2026-12-07', chars: 'Notes of 2026-12-07: buy milk'.length })
    const huge = await api('chat:attach-resource', { conversationId: chat.id, serverId: 'notes', uri: 'notes://huge' })
    expect(huge).toMatchObject({ name: 'Huge', chars: MAX_TOOL_RESULT_CHARS + 500, truncated: true })

    const { messageId } = await api('chat:send', {
      conversationId: chat.id,
      text: 'Both, please.',
      attachments: [
        { serverId: 'notes', uri: 'notes://day/2026-12-07' },
        { serverId: 'notes', uri: 'notes://huge' }
      ]
    })
    await done(messageId)
    expect(lastUserText).toContain('Notes of 2026-12-07: buy milk')
    expect(lastUserText).toContain(`[truncated: the result has ${MAX_TOOL_RESULT_CHARS + 500} characters; only the first ${MAX_TOOL_RESULT_CHARS} were sent]`)
  })

  it("Settings → Chat's result-size limit cuts an attached resource as it cuts a tool result", async () => {
    const { api, chat, done } = await start()
    await api('chat:change-settings', { maxToolResultChars: 1_000 })
    expect(await api('chat:attach-resource', { conversationId: chat.id, serverId: 'notes', uri: 'notes://huge' })).toMatchObject({ truncated: true })
    const { messageId } = await api('chat:send', { conversationId: chat.id, text: 'Go on.', attachments: [{ serverId: 'notes', uri: 'notes://huge' }] })
    await done(messageId)
    expect(lastUserText).toContain(`\n${'x'.repeat(1_000)}\n[truncated: the result has ${MAX_TOOL_RESULT_CHARS + 500} characters; only the first 1000 were sent]\n</resource>`)
  })

  it('a binary resource, and a server this chat does not use, are refused with a sentence', async () => {
    const { refused, chat } = await start()
    expect(await refused('chat:attach-resource', { conversationId: chat.id, serverId: 'notes', uri: 'notes://logo' })).toMatchObject({
      code: 'RESOURCE_NOT_TEXT',
      message: expect.stringContaining('"notes://logo" of notes is binary (image/png): only a resource with text can be given to the model')
    })
    expect(await refused('chat:send', { conversationId: chat.id, text: 'Hi', attachments: [{ serverId: 'other', uri: 'notes://readme' }] })).toMatchObject({
      code: 'CHAT_SERVER_UNAVAILABLE',
      message: expect.stringContaining('server "other" is not one this chat uses')
    })
    expect(await refused('chat:get-prompt', { conversationId: chat.id, serverId: 'notes', name: '', args: {} })).toMatchObject({ code: 'INVALID_ARGUMENTS' })
  })

  it("a prompt becomes the text of the user's next message: its text and embedded resource, an image noted, secrets redacted", async () => {
    const { api, refused, chat } = await start()
    const prompt = await api('chat:get-prompt', { conversationId: chat.id, serverId: 'notes', name: 'summarize', args: { topic: 'sync' } })
    expect(prompt.text).toMatch(/^Summarize what the notes say about sync\.\n\n<resource uri="notes:\/\/readme">\ntoken .+\n<\/resource>$/)
    expect(prompt.text).not.toContain(TOKEN)
    // this model was not said to take images
    expect(prompt.images).toEqual([])
    expect(prompt.omitted).toEqual([{ type: 'image', mimeType: 'image/png', bytes: Buffer.from(PNG, 'base64').length, reason: 'model' }])
    expect(await refused('chat:send', { conversationId: chat.id, text: 'Look', images: [{ mimeType: 'image/png', data: PNG }] })).toMatchObject({
      code: 'MODEL_TAKES_NO_IMAGES',
      message: expect.stringContaining("this chat's model does not take images")
    })
  })

  it("for a model that takes images, a prompt's image goes with the message as an image part; the message notes it", async () => {
    const { api, chat, done, provider } = await start()
    await api('chat:change-settings', { model: { providerId: provider.id, model: 'scripted-1', options: { images: true, toolMode: 'native' } } })
    const prompt = await api('chat:get-prompt', { conversationId: chat.id, serverId: 'notes', name: 'summarize', args: { topic: 'sync' } })
    expect(prompt).toMatchObject({ images: [{ mimeType: 'image/png', data: PNG }], omitted: [] })

    const { messageId } = await api('chat:send', { conversationId: chat.id, text: prompt.text, images: prompt.images })
    await done(messageId)
    expect(lastUserContent).toEqual([
      { type: 'text', text: prompt.text },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }
    ])
    const shown = await api('chat:get-conversation', { conversationId: chat.id })
    expect(shown.messages[0]).toMatchObject({ role: 'user', images: [{ mimeType: 'image/png', bytes: Buffer.from(PNG, 'base64').length }] })
  })
})
