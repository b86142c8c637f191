import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { chatModel, listModels } from '../../../src/main/services/chat/providers'
import { redactingFetch } from '../../../src/main/services/chat/redactingFetch'
import { listChatTools } from '../../../src/main/services/chat/chatTools'
import { runChatTurn } from '../../../src/main/services/chat/chatTurn'
import { GEMINI_FUNCTION_NAME } from '../../../src/main/services/chat/geminiSchema'
import { anthropicToolResults, scriptedAnthropic, type ScriptedAnthropic } from '../../fixtures/chat/scriptedAnthropic'
import { geminiToolResults, scriptedGemini, type ScriptedGemini } from '../../fixtures/chat/scriptedGemini'
import { closeAllServices, everythingStdio, makeService } from '../services/helpers'

const SECRET = 'sk-live-0123456789abcdef'
const KEY = 'provider-key-abcdef123456'

const endpoints: (ScriptedAnthropic | ScriptedGemini)[] = []
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()))
})
afterAll(closeAllServices)

async function everythingTools() {
  const { service } = makeService()
  const tools = await listChatTools(service, [everythingStdio({ env: { API_KEY: SECRET } })])
  const sumId = [...tools].find(([, t]) => t.tool.name === 'get-sum')![0]
  const echoId = [...tools].find(([, t]) => t.tool.name === 'echo')![0]
  return { service, tools, sumId, echoId }
}

describe('chat turns through Anthropic and Gemini (local stand-ins speaking their APIs)', () => {
  it('Anthropic: the model calls server-everything\'s get-sum (input streamed in pieces) and answers from its result; a known secret never leaves', async () => {
    const { service, tools, sumId, echoId } = await everythingTools()
    const endpoint = await scriptedAnthropic(
      (request) => {
        const results = anthropicToolResults(request)
        if (results.length === 0) return { toolCalls: [{ name: sumId, args: { a: 2, b: 3 } }] }
        if (results.length === 1) return { toolCalls: [{ name: echoId, args: { message: `key ${SECRET}` } }] }
        return { text: `The answer: ${results[0]}` }
      },
      { key: KEY }
    )
    endpoints.push(endpoint)
    const provider = { kind: 'anthropic' as const, baseUrl: endpoint.baseUrl, apiKey: KEY, model: 'claude-scripted-1' }
    const result = await runChatTurn({
      host: service,
      model: chatModel(provider, redactingFetch(() => service.secrets.values())),
      provider,
      tools,
      messages: [{ role: 'user', content: 'what is 2 + 3?' }],
      approval: 'all',
      maxRetries: 0
    })
    expect(result.text).toBe('The answer: The sum of 2 and 3 is 5.')
    expect(result.toolCalls.map((c) => [c.tool, c.status])).toEqual([
      ['get-sum', 'ok'],
      ['echo', 'ok']
    ])
    expect(result.toolCalls[0].input).toEqual({ a: 2, b: 3 })
    expect(result.usage?.inputTokens).toBe(36)
    const [first, , third] = endpoint.requests
    expect(first.stream).toBe(true)
    expect(first.tools?.map((t) => t.name)).toContain(sumId)
    expect(endpoint.headers[0]['anthropic-version']).toBe('2023-06-01')
    // the echoed key went back to the model redacted, and no request body carried it
    expect(JSON.stringify(third)).not.toContain(SECRET)
  })

  it('Gemini: the model calls get-sum with a functionCall part and answers from the functionResponse; every tool declared with a Gemini-safe name and schema', async () => {
    const { service, tools, sumId } = await everythingTools()
    const endpoint = await scriptedGemini(
      (request) => {
        const results = geminiToolResults(request)
        return results.length ? { text: `Gemini says: ${results[0]}` } : { toolCalls: [{ name: sumId, args: { a: 20, b: 22 } }] }
      },
      { key: KEY }
    )
    endpoints.push(endpoint)
    const provider = { kind: 'google' as const, baseUrl: endpoint.baseUrl, apiKey: KEY, model: 'gemini-scripted-1' }
    const result = await runChatTurn({
      host: service,
      model: chatModel(provider, redactingFetch(() => service.secrets.values())),
      provider,
      tools,
      messages: [{ role: 'user', content: 'what is 20 + 22?' }],
      approval: 'all',
      maxRetries: 0
    })
    expect(result.toolCalls).toEqual([expect.objectContaining({ tool: 'get-sum', status: 'ok', input: { a: 20, b: 22 } })])
    expect(result.text).toContain('The sum of 20 and 22 is 42.')
    expect(result.text.startsWith('Gemini says:')).toBe(true)
    expect(result.steps).toBe(2)
    const declarations = endpoint.requests[0].tools?.flatMap((t) => t.functionDeclarations ?? []) ?? []
    expect(declarations.map((d) => d.name).sort()).toEqual([...tools.keys()].sort())
    for (const d of declarations) {
      expect(d.name).toMatch(GEMINI_FUNCTION_NAME)
      // nothing Gemini refuses reaches it
      const text = JSON.stringify(d.parameters ?? {})
      for (const word of ['"format":"uri"', '"$ref"', '"oneOf"', '"allOf"', '"additionalProperties"', '"$schema"', '"const"', '"default"']) expect(text).not.toContain(word)
    }
    expect(endpoint.headers[0]['x-goog-api-key']).toBe(KEY)
  })
})

describe('model lists from each provider\'s own endpoint', () => {
  it('Anthropic lists with x-api-key and anthropic-version; Gemini lists only models that generate content, without the models/ prefix', async () => {
    const anthropic = await scriptedAnthropic(() => ({ text: '' }), { key: KEY, models: ['claude-a', 'claude-b'] })
    const gemini = await scriptedGemini(() => ({ text: '' }), { key: KEY, models: ['gemini-a'] })
    endpoints.push(anthropic, gemini)
    expect(await listModels({ kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: KEY })).toEqual(['claude-a', 'claude-b'])
    expect(anthropic.headers[0]).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': '2023-06-01' })
    expect(await listModels({ kind: 'google', baseUrl: gemini.baseUrl, apiKey: KEY })).toEqual(['gemini-a'])
    await expect(listModels({ kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: 'wrong' })).rejects.toMatchObject({ code: 'PROVIDER_KEY_REFUSED', status: 401 })
    await expect(listModels({ kind: 'google', baseUrl: gemini.baseUrl, apiKey: 'wrong' })).rejects.toMatchObject({ code: 'PROVIDER_KEY_REFUSED', status: 400 })
  })
})
