import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { chatModel } from '../../../src/main/services/chat/providers'
import { redactingFetch } from '../../../src/main/services/chat/redactingFetch'
import { listChatTools, FUNCTION_NAME } from '../../../src/main/services/chat/chatTools'
import { ChatAborted, DENIED_RESULT, runChatTurn, type ChatEvent, type ChatTurnOptions } from '../../../src/main/services/chat/chatTurn'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { closeAllServices, everythingStdio, makeService, waitFor } from '../services/helpers'

const SECRET = 'sk-live-0123456789abcdef'

const endpoints: ScriptedModel[] = []
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()))
})
afterAll(closeAllServices)

async function setup(script: (request: ChatRequest) => Reply, server: McpServer = everythingStdio({ env: { API_KEY: SECRET } })) {
  const endpoint = await scriptedModel(script)
  endpoints.push(endpoint)
  const { service } = makeService()
  const tools = await listChatTools(service, [server])
  const provider = { baseUrl: endpoint.baseUrl, model: 'scripted-1' }
  const events: ChatEvent[] = []
  const turn = (message: string, extra: Partial<ChatTurnOptions> = {}) =>
    runChatTurn({
      host: service,
      model: chatModel(provider, redactingFetch(() => service.secrets.values())),
      provider,
      tools,
      messages: [{ role: 'user', content: message }],
      approval: 'all',
      maxRetries: 0,
      onEvent: (event) => events.push(event),
      ...extra
    })
  return { endpoint, service, server, tools, turn, events }
}

const idOf = (tools: Map<string, { tool: { name: string } }>, name: string) => [...tools].find(([, t]) => t.tool.name === name)![0]

/** No tool result yet: call the tool; one present: answer with it. */
const callThenAnswer = (name: () => string, args: unknown) => (request: ChatRequest): Reply => {
  const results = toolResults(request)
  return results.length ? { text: `The answer: ${results.at(-1)}` } : { toolCalls: [{ name: name(), args }] }
}

describe('a chat turn with real MCP servers and a local OpenAI-compatible endpoint', () => {
  it('calls a tool through MCPService and answers from its result; the next request carries the result after the call', async () => {
    let sumId = ''
    const { endpoint, tools, turn, events } = await setup(callThenAnswer(() => sumId, { a: 2, b: 3 }))
    sumId = idOf(tools, 'get-sum')
    const result = await turn('what is 2 + 3?')
    expect(result.text).toBe('The answer: The sum of 2 and 3 is 5.')
    expect(result.toolCalls).toEqual([expect.objectContaining({ id: sumId, tool: 'get-sum', status: 'ok', input: { a: 2, b: 3 } })])
    expect(result.steps).toBe(2)
    expect(result.stepLimitReached).toBe(false)
    expect(result.usage?.totalTokens).toBe(30)
    const [first, second] = endpoint.requests()
    expect(first.stream).toBe(true)
    for (const t of first.tools ?? []) expect(t.function.name).toMatch(FUNCTION_NAME)
    expect(first.tools?.map((t) => t.function.name)).toContain(sumId)
    const callAt = second.messages.findIndex((m) => m.tool_calls?.[0]?.function.name === sumId)
    expect(callAt).toBeGreaterThan(0)
    expect(second.messages[callAt + 1]).toMatchObject({ role: 'tool', tool_call_id: second.messages[callAt].tool_calls![0].id, content: 'The sum of 2 and 3 is 5.' })
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text).join('')).toBe(result.text)
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['tool-call', 'tool-result']))
  })

  it('a denied call reaches the model as that tool\'s result, and the turn still answers', async () => {
    let sumId = ''
    const { endpoint, tools, turn } = await setup(callThenAnswer(() => sumId, { a: 1, b: 1 }))
    sumId = idOf(tools, 'get-sum')
    const asked: string[] = []
    const result = await turn('1 + 1?', { approval: 'ask', ask: async (call) => (asked.push(call.tool), false) })
    expect(asked).toEqual(['get-sum'])
    expect(result.toolCalls).toEqual([expect.objectContaining({ status: 'denied', result: DENIED_RESULT })])
    expect(toolResults(endpoint.requests()[1])).toEqual([DENIED_RESULT])
    expect(result.text).toBe(`The answer: ${DENIED_RESULT}`)
  })

  it('approval none denies every call without asking', async () => {
    let sumId = ''
    const { tools, turn } = await setup(callThenAnswer(() => sumId, { a: 1, b: 1 }))
    sumId = idOf(tools, 'get-sum')
    const result = await turn('1 + 1?', { approval: 'none', ask: async () => expect.fail('asked') })
    expect(result.toolCalls.map((c) => c.status)).toEqual(['denied'])
  })

  it('stops at the step limit and says so', async () => {
    let sumId = ''
    const { endpoint, tools, turn, events } = await setup(() => ({ toolCalls: [{ name: sumId, args: { a: 1, b: 2 } }] }))
    sumId = idOf(tools, 'get-sum')
    const result = await turn('loop', { maxSteps: 3 })
    expect(result.stepLimitReached).toBe(true)
    expect(result.steps).toBe(3)
    expect(endpoint.bodies).toHaveLength(3)
    expect(events.at(-1)).toEqual({ type: 'step-limit', steps: 3 })
  })

  it('a secret a tool echoes (its environment) never reaches the provider', async () => {
    let envId = ''
    const { endpoint, tools, turn } = await setup(callThenAnswer(() => envId, {}))
    envId = idOf(tools, 'get-env')
    // the user pastes it too: the request body is scrubbed as well
    const result = await turn(`show the env; my key is ${SECRET}`)
    expect(result.toolCalls[0].status).toBe('ok')
    expect(result.toolCalls[0].result).toContain('API_KEY')
    // taken out of the result itself, not only by the last guard on the request
    expect(result.toolCalls[0].result).not.toContain(SECRET)
    expect(endpoint.bodies).toHaveLength(2)
    for (const body of endpoint.bodies) expect(body).not.toContain(SECRET)
    expect(endpoint.bodies[1]).toContain('<redacted>')
  })

  it('a result over the size limit is cut with a note', async () => {
    let echoId = ''
    const { endpoint, tools, turn } = await setup(callThenAnswer(() => echoId, { message: 'x'.repeat(5000) }))
    echoId = idOf(tools, 'echo')
    const result = await turn('echo', { maxResultChars: 1000 })
    const sent = toolResults(endpoint.requests()[1])[0]
    expect(sent.length).toBeLessThan(1200)
    expect(sent).toContain('[truncated: the result has 5006 characters; only the first 1000 were sent]')
    expect(result.toolCalls[0].result).toBe(sent)
  })

  it('an abort during a long tool call stops the turn and cancels the call on the server', async () => {
    let longId = ''
    const { service, server, tools, turn, events } = await setup(callThenAnswer(() => longId, { duration: 30, steps: 30 }))
    longId = idOf(tools, 'trigger-long-running-operation')
    const aborter = new AbortController()
    const running = turn('take your time', { signal: aborter.signal })
    // the server reported progress: the call is running there
    await waitFor(() => events.some((e) => e.type === 'tool-progress'), 15_000, 'progress of the long call')
    aborter.abort()
    await expect(running).rejects.toBeInstanceOf(ChatAborted)
    await waitFor(() => service.getServerLogs(server).some((entry) => /cancelled trigger-long-running-operation/.test(entry.message)), 5000, 'the cancelled call in the log')
  }, 30_000)
})
