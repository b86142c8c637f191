import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ProviderStore } from '../../src/main/services/chat/ProviderStore'
import { EVERYTHING, tempDir } from '../main/services/helpers'
import { anthropicToolResults, scriptedAnthropic, type ScriptedAnthropic } from '../fixtures/chat/scriptedAnthropic'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const KEY = 'sk-ant-cli-kinds-8812'
const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'] } })
/** the environment's own providers must not leak into a test */
const NO_ENV = { OPENAI_BASE_URL: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '', GEMINI_API_KEY: '' }

let anthropic: ScriptedAnthropic
beforeAll(async () => {
  anthropic = await scriptedAnthropic(
    (request) => {
      const results = anthropicToolResults(request)
      if (results.length) return { text: `Claude says: ${results.at(-1)}` }
      const sum = request.tools?.find((t) => t.name.startsWith('mcp__everything__getSum'))
      return sum ? { toolCalls: [{ name: sum.name, args: { a: 4, b: 5 } }] } : { text: 'no tools' }
    },
    { key: KEY, models: ['claude-cli-1'] }
  )
})
afterAll(() => anthropic.close())

async function savedAnthropic(apiKey: string): Promise<string> {
  const userData = tempDir('mcp-cli-anthropic-')
  const store = new ProviderStore({ userDataDir: userData, env: {} })
  await store.save({ name: 'Claude', kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey, models: ['claude-cli-1'] })
  return userData
}

const chat = (args: string[], env: Record<string, string>) => cli([...config, 'chat', ...args], { env: { ...NO_ENV, ...env } })

describe('cli chat with an Anthropic provider', () => {
  it("the app's saved default of kind Anthropic runs the turn: the tool call on stderr, the answer on stdout, exit 0", async () => {
    const userData = await savedAnthropic(KEY)
    const run = await chat(['4 + 5?', '--approve-tools', 'all'], { MCP_STUDIO_USER_DATA: userData })
    expect(run.stderr).toContain('tool: everything/get-sum {"a":4,"b":5}')
    expect(run.stdout).toBe('Claude says: The sum of 4 and 5 is 9.\n')
    expect(run.code).toBe(0)
  })

  it('a key Anthropic refuses: one clear sentence naming the key to check, never the key, exit 1', async () => {
    const userData = await savedAnthropic('sk-ant-wrong-key-7731')
    const run = await chat(['hi'], { MCP_STUDIO_USER_DATA: userData })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`the model provider at ${anthropic.baseUrl} refused the API key (401)`)
    expect(run.stderr).toContain('invalid x-api-key (authentication_error)')
    expect(run.stderr).not.toContain('sk-ant-wrong-key-7731')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it('with no provider at all, the message names the Anthropic and Gemini variables too; exit 2', async () => {
    const run = await chat(['hi'], { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-none-') })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no model provider:')
    expect(run.stderr).toContain('ANTHROPIC_API_KEY')
    expect(run.stderr).toContain('GEMINI_API_KEY')
  })
})
