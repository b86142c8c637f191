import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProviderErrorCode } from '@shared/chat/providerErrors'
import type { ProviderKind } from '@shared/chat/providers'
import { runChatTurn } from '../../../src/main/services/chat/chatTurn'
import type { ProviderError } from '../../../src/main/services/chat/providerErrors'
import { chatModel } from '../../../src/main/services/chat/providers'
import { scriptedAnthropic } from '../../fixtures/chat/scriptedAnthropic'
import { GEMINI_KEY_INVALID, scriptedGemini } from '../../fixtures/chat/scriptedGemini'
import { scriptedModel } from '../../fixtures/chat/scriptedModel'
import type { ProviderReply } from '../../fixtures/chat/sse'
import { makeService } from '../services/helpers'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()))
})

/** One turn against a provider of this kind that answers with this error; the error the turn ends with. */
async function failWith(kind: ProviderKind, reply: Extract<ProviderReply, { status: number }>): Promise<ProviderError> {
  const endpoint =
    kind === 'anthropic'
      ? await scriptedAnthropic(() => reply)
      : kind === 'google'
        ? await scriptedGemini(() => reply)
        : await scriptedModel(() => ({ status: reply.status, error: (reply.body as { error: { message: string } }).error.message }))
  closers.push(() => endpoint.close())
  return turnError({ kind, baseUrl: endpoint.baseUrl, apiKey: 'k-123456', model: 'some-model' })
}

async function turnError(provider: { kind: ProviderKind; baseUrl: string; apiKey?: string; model: string }): Promise<ProviderError> {
  const { service } = makeService()
  const error = await runChatTurn({ host: service, model: chatModel(provider), provider, tools: new Map(), messages: [{ role: 'user', content: 'hi' }], approval: 'none', maxRetries: 0 }).then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeDefined()
  return error as ProviderError
}

const anthropicError = (status: number, type: string, message: string) => ({ status, body: { type: 'error', error: { type, message } } })
const googleError = (code: number, status: string, message: string) => ({ status: code, body: { error: { code, message, status } } })

describe('provider failures get a stable code, whatever the provider', () => {
  const cases: [string, ProviderKind, Extract<ProviderReply, { status: number }>, ProviderErrorCode, string][] = [
    ['Anthropic authentication_error', 'anthropic', anthropicError(401, 'authentication_error', 'invalid x-api-key'), 'PROVIDER_KEY_REFUSED', 'ANTHROPIC_API_KEY'],
    ['Anthropic not_found_error', 'anthropic', anthropicError(404, 'not_found_error', 'model: some-model'), 'PROVIDER_MODEL_NOT_FOUND', 'no model "some-model"'],
    ['Anthropic prompt is too long', 'anthropic', anthropicError(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'), 'PROVIDER_CONTEXT_TOO_LONG', 'too long'],
    ['Anthropic rate_limit_error', 'anthropic', anthropicError(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), 'PROVIDER_RATE_LIMITED', 'rate-limiting'],
    ['Anthropic overloaded_error', 'anthropic', anthropicError(529, 'overloaded_error', 'Overloaded'), 'PROVIDER_FAILED', 'answered 529: Overloaded'],
    ['Gemini API_KEY_INVALID (a 400)', 'google', { status: 400, body: GEMINI_KEY_INVALID }, 'PROVIDER_KEY_REFUSED', 'API key not valid'],
    ['Gemini 404 model', 'google', googleError(404, 'NOT_FOUND', 'models/some-model is not found for API version v1beta, or is not supported for generateContent.'), 'PROVIDER_MODEL_NOT_FOUND', '/v1beta'],
    ['Gemini input token count', 'google', googleError(400, 'INVALID_ARGUMENT', 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).'), 'PROVIDER_CONTEXT_TOO_LONG', 'too long'],
    ['Gemini RESOURCE_EXHAUSTED', 'google', googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'), 'PROVIDER_RATE_LIMITED', 'quota'],
    ['OpenAI-compatible 401', 'openai-compatible', { status: 401, body: { error: { message: 'Incorrect API key provided' } } }, 'PROVIDER_KEY_REFUSED', 'OPENAI_API_KEY'],
    ['OpenAI-compatible context length', 'openai-compatible', { status: 400, body: { error: { message: "This model's maximum context length is 8192 tokens" } } }, 'PROVIDER_CONTEXT_TOO_LONG', 'too long'],
    ['OpenAI-compatible 500', 'openai-compatible', { status: 500, body: { error: { message: 'boom' } } }, 'PROVIDER_FAILED', 'answered 500']
  ]
  for (const [name, kind, reply, code, words] of cases) {
    it(`${name} → ${code}`, async () => {
      const error = await failWith(kind, reply)
      expect(error).toMatchObject({ name: 'ProviderError', code, status: reply.status })
      expect(error.message).toContain(words)
      expect(error.message).not.toContain('k-123456')
    })
  }

  it('nothing listening at the base URL → PROVIDER_UNREACHABLE, for every kind', async () => {
    // a port that was free a moment ago: the connection is refused
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    for (const kind of ['openai-compatible', 'anthropic', 'google'] as const) {
      const error = await turnError({ kind, baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' })
      expect(error).toMatchObject({ code: 'PROVIDER_UNREACHABLE' })
      expect(error.message).toContain('is it running?')
    }
  })
})
