import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { chatModel } from '../../../src/main/services/chat/providers'
import { listChatTools } from '../../../src/main/services/chat/chatTools'
import { runChatTurn, type ChatEvent, type ChatTurnOptions } from '../../../src/main/services/chat/chatTurn'
import { ToolCallTextParser } from '../../../src/main/services/chat/promptTools/toolCallText'
import { messageText, scriptedModel, toolCallBlock, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { closeAllServices, everythingStdio, makeService } from '../services/helpers'

// Prompt-based tool use against a real server-everything and a scripted model that only writes text.
const endpoints: ScriptedModel[] = []
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()))
})
afterAll(closeAllServices)

/** The last user message of a request: where prompt mode puts a tool's result. */
const lastUser = (request: ChatRequest) => messageText(request.messages.filter((m) => m.role === 'user').at(-1)!)
const system = (request: ChatRequest) => request.messages.filter((m) => m.role === 'system').map(messageText).join('\n')

async function setup(script: (request: ChatRequest, sumId: string) => Reply) {
  let sumId = ''
  const endpoint = await scriptedModel((request) => script(request, sumId))
  endpoints.push(endpoint)
  const { service } = makeService()
  const tools = await listChatTools(service, [everythingStdio()])
  sumId = [...tools].find(([, t]) => t.tool.name === 'get-sum')![0]
  const provider = { baseUrl: endpoint.baseUrl, model: 'scripted-1' }
  const events: ChatEvent[] = []
  const turn = (extra: Partial<ChatTurnOptions> = {}) =>
    runChatTurn({
      host: service,
      model: chatModel(provider),
      provider,
      tools,
      messages: [{ role: 'user', content: 'what is 2 + 3?' }],
      approval: 'all',
      maxRetries: 0,
      toolMode: 'prompt',
      onEvent: (e) => events.push(e),
      ...extra
    })
  return { endpoint, sumId, turn, events }
}

describe('prompt-based tool use, for models without native tool calls', () => {
  it('describes the tools in the system prompt, runs the call the model wrote through the real tool, and answers from its result', async () => {
    const { endpoint, sumId, turn, events } = await setup((request, sumId) =>
      lastUser(request).startsWith('Result of your tool_call') ? { text: `It is ${lastUser(request).split('\n')[1]}` } : { text: toolCallBlock(sumId, { a: 2, b: 3 }) }
    )
    const asked: string[] = []
    const result = await turn({ approval: 'ask', ask: async (call) => (asked.push(call.tool), true) })
    const [first, second] = endpoint.requests()
    // no native tools go to the endpoint; the system prompt names each tool, its schema and the call format
    expect(first.tools).toBeUndefined()
    expect(system(first)).toContain(`- ${sumId}: `)
    expect(system(first)).toContain('"properties":{"a"')
    expect(system(first)).toContain('```tool_call')
    // the same approval and the real call as a native one
    expect(asked).toEqual(['get-sum'])
    expect(result.toolCalls).toEqual([expect.objectContaining({ tool: 'get-sum', status: 'ok', input: { a: 2, b: 3 }, result: 'The sum of 2 and 3 is 5.' })])
    // the result goes back in a user message; the model's own call is in its history as it wrote it
    expect(lastUser(second)).toBe(`Result of your tool_call to ${sumId}:\nThe sum of 2 and 3 is 5.`)
    expect(second.messages.find((m) => m.role === 'assistant')?.content).toContain('```tool_call')
    expect(second.tools).toBeUndefined()
    // the user sees the words around the call, never the call block
    expect(result.text).toBe('Let me check.\nIt is The sum of 2 and 3 is 5.')
    const shown = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text).join('')
    expect(shown).toBe(result.text)
    expect(result.steps).toBe(2)
  })

  it('a malformed call goes back to the model as an error that says what was wrong, and nothing runs', async () => {
    const { endpoint, turn } = await setup((request) => {
      const said = lastUser(request)
      if (said.includes('could not be run')) return { text: 'Sorry, I wrote that wrong.' }
      return { text: 'Trying.\n```tool_call\n{name: get-sum, a: 2}\n```' }
    })
    const result = await turn()
    expect(result.toolCalls).toEqual([])
    const second = endpoint.requests()[1]
    expect(lastUser(second)).toMatch(/^Your tool_call block could not be run: the block is not valid JSON \(.+\)\. Write the call again as the system prompt shows\.$/)
    expect(result.text).toBe('Trying.\nSorry, I wrote that wrong.')
  })

  it('a call to a tool that does not exist is told the tools there are', async () => {
    const { endpoint, sumId, turn } = await setup((request) => (lastUser(request).includes('could not be run') ? { text: 'ok' } : { text: toolCallBlock('get_weather', { city: 'Oslo' }) }))
    await turn()
    expect(lastUser(endpoint.requests()[1])).toContain(`could not be run: there is no tool named "get_weather"; the tools are: `)
    expect(lastUser(endpoint.requests()[1])).toContain(sumId)
  })

  it('holds to the step limit', async () => {
    const { endpoint, turn, events } = await setup((_request, sumId) => ({ text: toolCallBlock(sumId, { a: 1, b: 1 }) }))
    const result = await turn({ maxSteps: 2 })
    expect(endpoint.requests()).toHaveLength(2)
    expect(result.toolCalls).toHaveLength(2)
    expect(result.stepLimitReached).toBe(true)
    expect(events).toContainEqual({ type: 'step-limit', steps: 2 })
  })
})

describe('reading tool_call blocks from streamed text', () => {
  it('finds a block split across any pieces, holds back what may start one, and says when one is never closed', () => {
    const text = 'Hi ``` not a call\n```tool_call\n{"name":"t","arguments":{"x":1}}\n```\nbye'
    for (const size of [1, 2, 5, 13]) {
      const parser = new ToolCallTextParser(['t'])
      let shown = ''
      const calls = []
      for (let i = 0; i < text.length; i += size) {
        const read = parser.push(text.slice(i, i + size))
        shown += read.text
        calls.push(...read.calls)
      }
      shown += parser.end().text
      expect(shown).toBe('Hi ``` not a call\n\nbye')
      expect(calls).toEqual([expect.objectContaining({ ok: true, name: 't', args: { x: 1 } })])
    }
    const open = new ToolCallTextParser(['t'])
    open.push('```tool_call\n{"name":"t"')
    expect(open.end().calls).toEqual([expect.objectContaining({ ok: false, problem: 'the tool_call block was not closed: end it with a line of ```' })])
  })
})
