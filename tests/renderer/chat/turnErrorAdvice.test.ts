import { describe, expect, it } from 'vitest'
import { turnErrorAdvice } from '@renderer/components/chat/turnErrorAdvice'

// main's own words for each failure (providerErrors.ts), and what the page tells the user to do
describe('turnErrorAdvice', () => {
  it('reads what failed from the status and main’s words', () => {
    const at = 'the model provider at http://127.0.0.1:1/v1'
    expect(turnErrorAdvice({ kind: 'provider', status: 401, message: `${at} refused the API key (401)` })).toBe('key')
    expect(turnErrorAdvice({ kind: 'provider', status: 403, message: `${at} refused the API key (403)` })).toBe('key')
    expect(turnErrorAdvice({ kind: 'provider', status: 404, message: `${at} answered 404: no model "x" there` })).toBe('model')
    expect(turnErrorAdvice({ kind: 'provider', message: `cannot connect to ${at} (connection refused): is it running?` })).toBe('refused')
    expect(turnErrorAdvice({ kind: 'provider', status: 400, message: `${at} answered 400: This model's maximum context length is 8192 tokens` })).toBe('context')
    expect(turnErrorAdvice({ kind: 'tools', message: "the servers' tools could not be listed: boom" })).toBe('tools')
    expect(turnErrorAdvice({ kind: 'provider', message: 'no model provider yet: add one under Model providers' })).toBe('noModel')
    expect(turnErrorAdvice({ kind: 'provider', message: 'no model provider "gone": it may have been removed; pick another model' })).toBe('noModel')
    expect(turnErrorAdvice({ kind: 'provider', status: 500, message: `${at} answered 500` })).toBe('other')
  })

  it('takes the code main sends over the words, and reads a 429 as a rate limit', () => {
    expect(turnErrorAdvice({ kind: 'provider', status: 400, code: 'PROVIDER_KEY_REFUSED', message: 'API key not valid (API_KEY_INVALID)' })).toBe('key')
    expect(turnErrorAdvice({ kind: 'provider', status: 400, code: 'PROVIDER_CONTEXT_TOO_LONG', message: 'prompt is too long' })).toBe('context')
    expect(turnErrorAdvice({ kind: 'provider', status: 429, code: 'PROVIDER_RATE_LIMITED', message: 'rate_limit_error' })).toBe('rateLimited')
    expect(turnErrorAdvice({ kind: 'provider', code: 'PROVIDER_UNREACHABLE', message: 'cannot find the host' })).toBe('refused')
    expect(turnErrorAdvice({ kind: 'provider', status: 404, code: 'PROVIDER_MODEL_NOT_FOUND', message: 'not_found_error' })).toBe('model')
    expect(turnErrorAdvice({ kind: 'provider', status: 529, code: 'PROVIDER_FAILED', message: 'Overloaded' })).toBe('other')
    // stored before codes existed
    expect(turnErrorAdvice({ kind: 'provider', status: 429, message: 'answered 429' })).toBe('rateLimited')
  })
})
