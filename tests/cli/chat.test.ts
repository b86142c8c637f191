import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ChatSettingsStore } from '../../src/main/services/chat/ChatSettingsStore'
import { ProviderStore } from '../../src/main/services/chat/ProviderStore'
import { FileStorage } from '../../src/main/services/storage/FileStorage'
import { EVERYTHING, freePort, tempDir } from '../main/services/helpers'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const KEY = 'test-key-42'
const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'] } })
/** the environment's own provider must not leak into a test */
const NO_ENV = { OPENAI_BASE_URL: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '', GEMINI_API_KEY: '' }

/** get-sum by its function-call id as the request lists it; with its result, the answer; a model it does not serve: 404. */
function sumScript(request: ChatRequest): Reply {
  if (request.model !== 'scripted-1' && request.model !== 'scripted-2') return { status: 404, error: `The model \`${request.model}\` does not exist` }
  const results = toolResults(request)
  if (results.length) return { text: `The answer: ${results.at(-1)}` }
  const sum = request.tools?.find((t) => t.function.name.startsWith('mcp__everything__getSum'))
  return sum ? { toolCalls: [{ name: sum.function.name, args: { a: 2, b: 3 } }] } : { text: 'no tools' }
}

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(sumScript, { key: KEY, models: ['scripted-1', 'scripted-2'] })
})
afterAll(() => model.close())

const chat = (args: string[], env: Record<string, string> = {}) =>
  cli([...config, 'chat', ...args], { env: { ...NO_ENV, OPENAI_API_KEY: KEY, ...env } })

describe('cli chat', () => {
  it('streams the answer a tool call built to stdout, the call and its result to stderr; exit 0', async () => {
    const run = await chat(['what is 2 + 3?', '--base-url', model.baseUrl, '--approve-tools', 'all'])
    expect(run.stderr).toContain('tool: everything/get-sum {"a":2,"b":3}')
    expect(run.stderr).toContain('ok: The sum of 2 and 3 is 5.')
    expect(run.stdout).toBe('The answer: The sum of 2 and 3 is 5.\n')
    expect(run.code).toBe(0)
  })

  it('--json: one object at the end with the answer, the tool calls and the usage; the model defaults to the first listed', async () => {
    const run = await chat(['2 + 3?', '--approve-tools', 'all', '--json'], { OPENAI_BASE_URL: model.baseUrl })
    expect(run.code).toBe(0)
    const out = JSON.parse(run.stdout)
    expect(out).toMatchObject({
      answer: 'The answer: The sum of 2 and 3 is 5.',
      model: 'scripted-1',
      toolCalls: [{ server: 'everything', tool: 'get-sum', input: { a: 2, b: 3 }, status: 'ok', result: 'The sum of 2 and 3 is 5.' }],
      usage: { totalTokens: 30 },
      steps: 2,
      stepLimitReached: false
    })
  })

  it('--trace: the turn as one span tree, a GenAI span per model step, the tool call beneath the step that asked for it', async () => {
    type Node = { name: string; status: string; error?: string; attributes: Record<string, unknown>; children: Node[] }
    const json = await chat(['2 + 3?', '--base-url', model.baseUrl, '--model', 'scripted-1', '--approve-tools', 'all', '--trace', '--json'])
    expect(json.code).toBe(0)
    const [turn] = (JSON.parse(json.stdout) as { trace: Node[] }).trace
    expect(turn).toMatchObject({ name: 'chat turn scripted-1', status: 'ok', attributes: { 'gen_ai.usage.input_tokens': 20, 'gen_ai.usage.output_tokens': 10 } })
    expect(turn.children.map((step) => [step.name, step.attributes['gen_ai.usage.input_tokens'], step.attributes['gen_ai.usage.output_tokens']])).toEqual([
      ['chat scripted-1', 10, 5],
      ['chat scripted-1', 10, 5]
    ])
    expect(turn.children[0].children.map((call) => call.name)).toEqual(['everything.get-sum'])
    expect(json.stdout).not.toContain(KEY)

    // as text on stderr, after the answer; a refused key is in it, failed, without the key
    const text = await chat(['2 + 3?', '--base-url', model.baseUrl, '--model', 'scripted-1', '--approve-tools', 'all', '--trace'])
    expect(text.stderr).toMatch(/trace:\nchat turn scripted-1 {2}[\d.]+ ms {2}ok\n {2}chat scripted-1 {2}[\d.]+ ms {2}ok\n {4}everything\.get-sum/)
    const refused = await chat(['hi', '--base-url', model.baseUrl, '--model', 'scripted-1', '--trace'], { OPENAI_API_KEY: 'wrong-key-for-the-trace' })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/chat turn scripted-1 {2}[\d.]+ ms {2}error: .*\(401\)/)
    expect(refused.stderr).not.toContain('wrong-key-for-the-trace')
  })

  it('ask with no terminal denies the call and says so; the model gets the denial as the result', async () => {
    const run = await chat(['2 + 3?', '--base-url', model.baseUrl, '--api-key-env', 'MY_KEY', '--json'], { MY_KEY: KEY, OPENAI_API_KEY: 'wrong' })
    expect(run.stderr).toContain('denied everything/get-sum: no terminal to ask on')
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'The answer: the user denied this call', toolCalls: [{ status: 'denied' }] })
    expect(run.code).toBe(0)
  })

  it('the step limit is said and exits 1', async () => {
    const loop = await scriptedModel((request) => ({ toolCalls: [{ name: request.tools![0].function.name, args: {} }] }))
    try {
      const run = await chat(['loop', '--base-url', loop.baseUrl, '--approve-tools', 'none', '--max-steps', '2'])
      expect(run.stderr).toContain('stopped after 2 model calls: the model still wanted to call tools (the step limit: --max-steps N, or Settings → Chat in the app)')
      expect(loop.bodies).toHaveLength(2)
      expect(run.code).toBe(1)
    } finally {
      await loop.close()
    }
  })

  it("the app's Settings → Chat step limit applies; --max-steps overrides it", async () => {
    const loop = await scriptedModel((request) => ({ toolCalls: [{ name: request.tools![0].function.name, args: {} }] }))
    const userData = tempDir('mcp-cli-chat-settings-')
    await new ChatSettingsStore(new FileStorage(userData)).change({ maxSteps: 3 })
    try {
      const saved = await chat(['loop', '--base-url', loop.baseUrl, '--approve-tools', 'none'], { MCP_STUDIO_USER_DATA: userData })
      expect(saved.stderr).toContain('stopped after 3 model calls')
      expect(loop.bodies).toHaveLength(3)
      loop.bodies.length = 0
      const flag = await chat(['loop', '--base-url', loop.baseUrl, '--approve-tools', 'none', '--max-steps', '1'], { MCP_STUDIO_USER_DATA: userData })
      expect(flag.stderr).toContain('stopped after 1 model calls')
      expect(loop.bodies).toHaveLength(1)
    } finally {
      await loop.close()
    }
  })

  it('exit 1 for a refused key, an unknown model and an endpoint that is not running, each said plainly', async () => {
    const badKey = await chat(['hi', '--base-url', model.baseUrl, '--model', 'scripted-1'], { OPENAI_API_KEY: 'wrong' })
    expect(badKey.code).toBe(1)
    expect(badKey.stderr).toContain(`the model provider at ${model.baseUrl} refused the API key (401)`)
    expect(badKey.stderr).not.toContain('wrong')

    const badModel = await chat(['hi', '--base-url', model.baseUrl, '--model', 'nope'])
    expect(badModel.code).toBe(1)
    expect(badModel.stderr).toContain('answered 404: no model "nope" there')

    const port = await freePort()
    const down = await chat(['hi', '--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'm'])
    expect(down.code).toBe(1)
    expect(down.stderr).toContain('(connection refused): is it running?')
  })

  it("without --base-url or OPENAI_BASE_URL, the app's saved default provider runs, with the key the app saved", async () => {
    const userData = tempDir('mcp-cli-providers-')
    const providers = new ProviderStore({ userDataDir: userData, env: {} })
    const saved = await providers.save({ name: 'Saved', baseUrl: model.baseUrl, apiKey: KEY, models: ['scripted-1', 'scripted-2'] })
    await providers.setDefaultModel({ providerId: saved.id, model: 'scripted-2' })
    const run = await chat(['2 + 3?', '--approve-tools', 'all', '--json'], { MCP_STUDIO_USER_DATA: userData, OPENAI_API_KEY: '' })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'The answer: The sum of 2 and 3 is 5.', model: 'scripted-2' })
  })

  it("the saved model's options apply: one set to take tools in the prompt gets them described in its system prompt, none natively", async () => {
    const userData = tempDir('mcp-cli-model-options-')
    const providers = new ProviderStore({ userDataDir: userData, env: {} })
    const saved = await providers.save({ name: 'Saved', baseUrl: model.baseUrl, apiKey: KEY, models: ['scripted-1'] })
    await new ChatSettingsStore(new FileStorage(userData)).change({ model: { providerId: saved.id, model: 'scripted-1', options: { images: false, toolMode: 'prompt' } } })
    model.bodies.length = 0
    const run = await chat(['2 + 3?', '--approve-tools', 'all', '--json'], { MCP_STUDIO_USER_DATA: userData, OPENAI_API_KEY: '' })
    expect(run.code).toBe(0)
    // the script answers "no tools" when none are offered natively
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'no tools', model: 'scripted-1' })
    const [request] = model.requests()
    expect(request.tools).toBeUndefined()
    expect(String(request.messages[0].content)).toMatch(/```tool_call[\s\S]*- mcp__everything__getSum/)
  })

  it('an endpoint that quotes the key back when it refuses it: the key never reaches the terminal', async () => {
    const echoKey = 'plain-echoed-key-31'
    const echo = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization}` } }))
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`
    try {
      // listing the models, then a turn on a named model
      for (const args of [['hi', '--base-url', url], ['hi', '--base-url', url, '--model', 'm']]) {
        const run = await chat(args, { OPENAI_API_KEY: echoKey })
        expect(run.code).toBe(1)
        expect(run.stderr).toContain(`the model provider at ${url} refused the API key (401)`)
        expect(run.stderr).not.toContain(echoKey)
      }
    } finally {
      await new Promise((resolve) => echo.close(resolve))
    }
  })

  it('exit 2 without a provider, saying how to add one, and for bad usage', async () => {
    const none = await chat(['hi'], { OPENAI_API_KEY: '' })
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('no model provider: pass --base-url URL')

    for (const args of [
      ['hi', '--base-url', model.baseUrl, '--max-steps', '0'],
      ['hi', '--base-url', model.baseUrl, '--approve-tools', 'maybe'],
      ['hi', '--base-url', 'ftp://example.com'],
      ['hi', '--base-url', model.baseUrl, '--api-key-env', 'NOT_SET_ANYWHERE'],
      ['hi', '--base-url', model.baseUrl, '--servers', 'nosuch'],
      ['--base-url', model.baseUrl]
    ]) {
      const run = await chat(args)
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
    }
    const elsewhere = await cli([...config, 'tools', 'everything', '--model', 'm'])
    expect(elsewhere.code).toBe(2)
    expect(elsewhere.stderr).toContain('--model applies to "chat" (and')
  })
})

describe('cli chat, stopped', () => {
  it('Ctrl-C during a long tool call ends the turn (the call is cancelled, the model not asked again) and exits 130', async () => {
    const slow = await scriptedModel((request) => {
      const long = request.tools!.find((t) => t.function.name.startsWith('mcp__everything__triggerLongRunningOperation'))!
      return toolResults(request).length ? { text: 'done' } : { toolCalls: [{ name: long.function.name, args: { duration: 30, steps: 30 } }] }
    })
    try {
      let sent = false
      const run = await cli([...config, 'chat', 'wait', '--base-url', slow.baseUrl, '--approve-tools', 'all'], {
        env: { ...NO_ENV },
        // the server reported progress: the call is running there
        onStderr: (text, child) => {
          if (!sent && text.includes('progress: ')) {
            sent = true
            child.kill('SIGINT')
          }
        }
      })
      expect(run.code).toBe(130)
      expect(run.stdout).toBe('')
      // the model was never asked again: the turn ended with the call
      expect(slow.bodies).toHaveLength(1)
    } finally {
      await slow.close()
    }
  }, 30_000)
})
