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
})
