import { describe, expect, it } from 'vitest'
import { MASKED_VALUE } from '@shared/chat/providers'
import { baseUrlForKind, fieldMessagesIn, formOf, inputOf, invalidFields } from '@renderer/components/providers/providerForm'

describe("the provider dialog's values and main's refusals", () => {
  it("puts each of main's field problems under its field, the router's and the store's alike", () => {
    expect(fieldMessagesIn('Invalid arguments for chat:save-provider: baseUrl: must be an http:// or https:// URL, e.g. https://api.openai.com/v1; name: give the provider a name')).toEqual({
      baseUrl: 'must be an http:// or https:// URL, e.g. https://api.openai.com/v1',
      name: 'give the provider a name'
    })
    expect(fieldMessagesIn('apiKey: enter the key (none is stored for this provider)')).toEqual({ apiKey: 'enter the key (none is stored for this provider)' })
    expect(fieldMessagesIn('Invalid arguments for chat:list-models: draft.models.3: Too big: expected string to have <=300 characters')).toEqual({
      models: 'Too big: expected string to have <=300 characters'
    })
    // a sentence that merely mentions a word is about no field
    expect(fieldMessagesIn('the model provider at http://127.0.0.1:1/v1 refused the API key (401)')).toEqual({})
  })

  it('a saved key comes back masked and goes out masked (kept); an emptied one goes out as none', () => {
    const form = formOf({ id: 'p', name: 'P', kind: 'openai-compatible', baseUrl: 'https://x.example/v1', hasKey: true, models: ['a'], source: 'saved' })
    expect(form.apiKey).toBe(MASKED_VALUE)
    expect(inputOf(form, 'p')).toMatchObject({ id: 'p', apiKey: MASKED_VALUE })
    expect(inputOf({ ...form, apiKey: '' }, 'p')).not.toHaveProperty('apiKey')
  })

  it("checks with the contract's schema, naming the fields", () => {
    expect(invalidFields(inputOf({ kind: 'openai-compatible', name: ' ', baseUrl: 'api.example.com', apiKey: '', models: [' a ', 'a', ''] }))).toEqual(['name', 'baseUrl'])
    expect(inputOf({ kind: 'openai-compatible', name: 'X', baseUrl: 'https://x.example/v1', apiKey: '', models: [' a ', 'a', ''] }).models).toEqual(['a'])
  })
})

describe('the base URL when the kind changes', () => {
  it('an empty, default or preset address becomes the new kind\'s default; a typed one stays', () => {
    expect(baseUrlForKind('anthropic', '')).toBe('https://api.anthropic.com/v1')
    expect(baseUrlForKind('google', 'https://api.anthropic.com/v1/')).toBe('https://generativelanguage.googleapis.com/v1beta')
    expect(baseUrlForKind('openai-compatible', 'https://api.deepseek.com/v1')).toBe('https://api.openai.com/v1')
    expect(baseUrlForKind('anthropic', 'http://127.0.0.1:4000/v1')).toBe('http://127.0.0.1:4000/v1')
  })
})
