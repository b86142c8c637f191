import { McpServer as SdkServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { SamplingDraftEvent } from '@shared/chat/samplingDraft'
import type { SamplingRequestEvent } from '@shared/ipc/contract'
import type { InMemoryServer } from '@shared/mcp/server'
import type { Host } from '../../../src/main/createHost'
import { scriptedModel, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { tempDir, waitFor } from '../services/helpers'
import { startChatHost } from './chatHost'

// A server's sampling request answered with the help of a model: the user's Draft over the IPC
// router (a real host, a real in-memory server that calls sampling/createMessage from a tool, the
// real provider store and the scripted OpenAI-compatible model), and a server allowed to sample unasked.
const KEY = 'sk-sampling-draft-key-0123'
const SERVER_SECRET = 'server-secret-value-42'

/** A server whose `ask` tool asks the client's model and returns what came back as JSON. */
function samplerServer() {
  const server = new SdkServer({ name: 'sampler', version: '1.0.0' })
  server.registerTool(
    'ask',
    { description: 'Asks the host for a model reply', inputSchema: { prompt: z.string(), hints: z.array(z.string()).optional() } },
    async ({ prompt, hints }, extra) => {
      const params: CreateMessageRequestParams = {
        systemPrompt: 'You answer in one sentence.',
        maxTokens: 64,
        temperature: 0.2,
        stopSequences: ['END'],
        messages: [
          { role: 'user', content: { type: 'text', text: prompt } },
          { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
          { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } }
        ],
        ...(hints ? { modelPreferences: { hints: hints.map((name) => ({ name })) } } : {})
      }
      const result = await server.server.createMessage(params, { signal: extra.signal })
      return { content: [{ type: 'text', text: JSON.stringify(result) }] }
    }
  )
  return server
}

const sampler: InMemoryServer = { id: 'sampler', name: 'sampler', type: 'inMemory', isActive: true, env: { API_TOKEN: SERVER_SECRET } }

let script: (request: ChatRequest) => Reply = () => ({ text: 'Blue is calm.' })
let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel((request) => script(request), { key: KEY, models: ['gpt-small', 'claude-3-haiku'] })
})
afterAll(() => model.close())

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  script = () => ({ text: 'Blue is calm.' })
})

async function start(options: { server?: Partial<InMemoryServer>; noProvider?: boolean; clientRequestTimeoutMs?: number } = {}) {
  const { host, api, events } = await startChatHost({
    hosts,
    servers: [{ ...sampler, ...options.server }],
    userDataDir: tempDir('mcp-sampling-draft-'),
    mcpOptions: { clientRequestTimeoutMs: options.clientRequestTimeoutMs, inMemoryServers: { sampler: samplerServer } }
  })
  const provider = options.noProvider
    ? undefined
    : await api('chat:save-provider', { name: 'Scripted', baseUrl: model.baseUrl, apiKey: KEY, models: ['gpt-small', 'claude-3-haiku'], defaultModel: 'gpt-small' })
  if (provider) await api('chat:set-default-model', { providerId: provider.id, model: 'gpt-small' })
  const of = <T>(name: string) => events.filter((e) => e.event === name).map((e) => e.payload as T)
  const ask = (args: { prompt: string; hints?: string[] }) => api('mcp:call-tool', { serverId: sampler.id, name: 'ask', args })
  const nextRequest = async (seen = 0) => {
    await waitFor(() => of('mcp:sampling-request').length > seen, 15_000, 'a sampling request')
    return of<SamplingRequestEvent>('mcp:sampling-request')[seen]
  }
  const logText = async () => (await api('mcp:get-server-logs', { serverId: sampler.id })).map((l) => l.message).join('\n')
  return { host, api, of, ask, nextRequest, logText, provider }
}

const resultOf = (result: CallToolResult) => {
  const block = result.content[0]
  return JSON.parse(block.type === 'text' ? block.text : '{}') as { model: string; content: { text: string }; stopReason: string }
}

describe('sampling drafted by a model', () => {
  it('Draft streams the default model reply to the window; the user approves it and the server gets it with the model id', async () => {
    script = () => ({ text: 'Blue is the colour of a calm sea today.' })
    const { api, of, ask, nextRequest } = await start()
    const call = ask({ prompt: `Name a colour. (token ${SERVER_SECRET})` })
    const request = await nextRequest()
    const draft = await api('chat:draft-sampling', { requestId: request.requestId })
    expect(draft).toEqual({ text: 'Blue is the colour of a calm sea today.', model: 'gpt-small' })
    // the window saw it grow
    const streamed = of<SamplingDraftEvent>('chat:sampling-draft').filter((e) => e.requestId === request.requestId)
    expect(streamed.length).toBeGreaterThan(0)
    expect(draft.text.startsWith(streamed[0].text)).toBe(true)

    // what reached the model: the server's prompt, limits and messages, and no secret of the server's
    const [sent] = model.requests()
    expect(sent.model).toBe('gpt-small')
    const body = JSON.parse(model.bodies[0]) as { max_tokens: number; temperature: number; stop: string[]; messages: { role: string; content: unknown }[] }
    expect(body.max_tokens).toBe(64)
    expect(body.temperature).toBe(0.2)
    expect(body.stop).toEqual(['END'])
    expect(body.messages[0]).toEqual({ role: 'system', content: 'You answer in one sentence.' })
    expect(JSON.stringify(body.messages)).toContain('image_url')
    expect(JSON.stringify(body.messages)).toContain('[audio audio/wav not shown to the model]')
    expect(model.bodies[0]).not.toContain(SERVER_SECRET)

    // the user edits the draft and approves it: the server is told which model wrote it
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'approve', text: `${draft.text} Edited.`, model: draft.model } })
    expect(resultOf(await call)).toMatchObject({ model: 'gpt-small', content: { text: 'Blue is the colour of a calm sea today. Edited.' } })
  })

  it('the request hints pick a configured model that matches; a model the user picks wins', async () => {
    const { api, ask, nextRequest } = await start()
    const call = ask({ prompt: 'hi', hints: ['opus', 'CLAUDE-3'] })
    const request = await nextRequest()
    expect((await api('chat:draft-sampling', { requestId: request.requestId })).model).toBe('claude-3-haiku')
    expect(model.requests().at(-1)!.model).toBe('claude-3-haiku')
    const providers = await api('chat:list-providers')
    const picked = await api('chat:draft-sampling', { requestId: request.requestId, model: { providerId: providers.providers[0].id, model: 'gpt-small' } })
    expect(picked.model).toBe('gpt-small')
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'reject' } })
    await call
  })

  it('Stop ends the draft with what was written so far; a request that ends stops its draft', async () => {
    script = () => ({ text: 'one two three four five six seven eight nine ten eleven twelve', wordDelayMs: 150 })
    const { api, of, ask, nextRequest } = await start()
    const call = ask({ prompt: 'count' })
    const request = await nextRequest()
    const drafting = api('chat:draft-sampling', { requestId: request.requestId })
    await waitFor(() => of('chat:sampling-draft').length > 0, 15_000, 'the first words of the draft')
    expect(await api('chat:stop-sampling-draft', { requestId: request.requestId })).toBe(true)
    const stopped = await drafting
    expect(stopped.stopped).toBe(true)
    expect(stopped.text.length).toBeGreaterThan(0)
    expect(stopped.text.length).toBeLessThan('one two three four five six seven eight nine ten eleven twelve'.length)
    expect(await api('chat:stop-sampling-draft', { requestId: request.requestId })).toBe(false)

    // another window answers while a draft runs: the draft ends, saying why
    const seen = of('chat:sampling-draft').length
    const second = api('chat:draft-sampling', { requestId: request.requestId }).then(
      () => 'finished',
      (error: Error) => error.message
    )
    await waitFor(() => of('chat:sampling-draft').length > seen, 15_000, 'the second draft to start')
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'approve', text: 'typed by hand' } })
    expect(await second).toContain('the sampling request is over (answered)')
    expect(resultOf(await call)).toMatchObject({ model: 'user', content: { text: 'typed by hand' } })
    // and one that is over cannot be drafted
    await expect(api('chat:draft-sampling', { requestId: request.requestId })).rejects.toThrow('no longer waiting')
  })

  it('without a provider, Draft says how to add one; a refused key is said plainly, without the key', async () => {
    const { api, ask, nextRequest } = await start({ noProvider: true })
    const call = ask({ prompt: 'hi' })
    const request = await nextRequest()
    await expect(api('chat:draft-sampling', { requestId: request.requestId })).rejects.toThrow('add one on the Models page')
    await api('chat:save-provider', { name: 'Wrong key', baseUrl: model.baseUrl, apiKey: 'sk-wrong-key-000000', models: ['gpt-small'] })
    const refused = await api('chat:draft-sampling', { requestId: request.requestId }).catch((error: Error) => error.message)
    expect(refused).toContain('refused the API key (401)')
    expect(refused).not.toContain('sk-wrong-key-000000')
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'reject' } })
    await call
  })

  it('"Allow sampling without asking" answers with the model and no dialog; the log says so', async () => {
    script = () => ({ text: 'Green, like moss.' })
    const { api, of, ask, logText } = await start({ server: { samplingAutoApprove: true } })
    const result = resultOf(await ask({ prompt: 'Name a colour.' }))
    expect(result).toMatchObject({ model: 'gpt-small', content: { text: 'Green, like moss.' }, stopReason: 'endTurn' })
    expect(of('mcp:sampling-request')).toEqual([])
    expect(await logText()).toContain('sampling request answered by the model gpt-small without asking')
    // the server's request and the host's answer are in its Messages, as for any reply
    const messages = await api('mcp:get-messages', { serverId: sampler.id })
    const request = messages.find((m) => m.method === 'sampling/createMessage' && m.kind === 'request')
    expect(request).toBeDefined()
    const answer = messages.find((m) => m.kind === 'response' && m.id === request!.id && m.direction !== request!.direction)
    expect(JSON.stringify(answer?.body)).toContain('Green, like moss.')
  })

  it('when the model fails, a server allowed to sample unasked gets the dialog after all, and the log says why', async () => {
    script = () => ({ status: 500, error: 'the model is overloaded' })
    const { api, ask, nextRequest, logText } = await start({ server: { samplingAutoApprove: true } })
    const call = ask({ prompt: 'Name a colour.' })
    const request = await nextRequest()
    expect(await logText()).toContain('could not answer the sampling request with a model, so the user is asked: the model provider at')
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'approve', text: 'Red.' } })
    expect(resultOf(await call)).toMatchObject({ model: 'user', content: { text: 'Red.' } })
  })

  it('a model that does not finish in the time a user would have had gives way to the dialog', async () => {
    script = () => ({ text: 'one two three four five six seven eight nine ten eleven twelve', wordDelayMs: 400 })
    const { api, ask, nextRequest, logText } = await start({ server: { samplingAutoApprove: true }, clientRequestTimeoutMs: 2000 })
    const call = ask({ prompt: 'count slowly' })
    const request = await nextRequest()
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'approve', text: 'Done by hand.' } })
    expect(resultOf(await call)).toMatchObject({ model: 'user', content: { text: 'Done by hand.' } })
    expect(await logText()).toContain('so the user is asked: the model did not finish within 2 s')
  })

  it('the switch off (the default), the user is asked even with a model configured', async () => {
    const { api, ask, nextRequest } = await start()
    const before = model.bodies.length
    const call = ask({ prompt: 'hi' })
    const request = await nextRequest()
    expect(model.bodies.length).toBe(before)
    await api('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'reject' } })
    expect((await call).isError).toBe(true)
  })
})
