import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EVERYTHING, tempDir } from '../main/services/helpers'
import { scriptedModel, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const KEY = 'sampling-cli-key-0042'
const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'] } })
/** the environment's own provider must not leak into a test */
const NO_ENV = { OPENAI_BASE_URL: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '', GEMINI_API_KEY: '' }

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(() => ({ text: 'Autumn leaves drift down, quiet as a held breath.' }), { key: KEY, models: ['haiku-writer'] })
})
afterAll(() => model.close())

const sample = (extra: string[], env: Record<string, string> = {}) =>
  cli([...config, 'call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"a haiku","maxTokens":40}', '--sampling', 'model', ...extra], {
    env: { ...NO_ENV, ...env }
  })

describe('cli: --sampling model', () => {
  it("answers the server's sampling request with the model: the server gets the reply and the model's id, stderr says who answered", async () => {
    const run = await sample(['--base-url', model.baseUrl, '--api-key-env', 'SAMPLING_KEY'], { SAMPLING_KEY: KEY })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('LLM sampling result')
    expect(run.stdout).toContain('Autumn leaves drift down, quiet as a held breath.')
    expect(run.stdout).toContain('"model": "haiku-writer"')
    expect(run.stderr).toContain('sampling from everything answered by the model haiku-writer: "Autumn leaves drift down, quiet as a held breath."')
    // what the model got: the server's prompt and its token limit
    const request = JSON.parse(model.bodies.at(-1)!) as { max_tokens: number; messages: { content: unknown }[] }
    expect(request.max_tokens).toBe(40)
    expect(JSON.stringify(request.messages)).toContain('a haiku')
  })

  it('a refused key rejects the request, saying why without the key (the tool reports the rejection)', async () => {
    const run = await sample(['--base-url', model.baseUrl, '--model', 'haiku-writer'], { OPENAI_API_KEY: 'sk-not-the-right-key-77' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('declined sampling from everything')
    expect(run.stderr).toContain('refused the API key (401)')
    expect(run.stderr).not.toContain('sk-not-the-right-key-77')
  })

  it('no model provider: exit 2 saying how to give one, before any server starts', async () => {
    const run = await sample([], { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-no-provider-') })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no model provider: pass --base-url URL')
    expect(run.stdout).toBe('')
  })

  it('--model and --base-url belong to chat or --sampling model; --sampling takes decline or model', async () => {
    const stray = await cli([...config, 'call', 'everything', 'echo', '--base-url', model.baseUrl])
    expect(stray.code).toBe(2)
    expect(stray.stderr).toContain('--base-url applies to "chat" (and --model, --base-url, --api-key-env to --sampling model) only')
    const bad = await cli([...config, 'call', 'everything', 'echo', '--sampling', 'robot'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--sampling takes decline or model, got "robot"')
  })
})
