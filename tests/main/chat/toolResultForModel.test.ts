import { describe, expect, it } from 'vitest'
import { toolResultForModel, truncateForModel } from '../../../src/main/services/chat/toolResultForModel'
import { providerFailure } from '../../../src/main/services/chat/providerErrors'

const keep = (text: string) => text

describe('what the model reads of a tool result', () => {
  it('text as text, structured content as JSON once, binary as a placeholder, an error said', () => {
    const png = Buffer.alloc(300).toString('base64')
    expect(toolResultForModel({ content: [{ type: 'text', text: 'hello' }, { type: 'image', mimeType: 'image/png', data: png }] }, keep)).toBe(
      'hello\n[image: image/png, 300 bytes — this model does not take images]'
    )
    expect(toolResultForModel({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { t: 21 } }, keep)).toBe('Sunny\n{"t":21}')
    // a text block that already holds the same JSON is not repeated
    expect(toolResultForModel({ content: [{ type: 'text', text: '{ "t": 21 }' }], structuredContent: { t: 21 } }, keep)).toBe('{ "t": 21 }')
    expect(toolResultForModel({ content: [{ type: 'text', text: 'boom' }], isError: true }, keep)).toBe('the tool reported an error:\nboom')
    expect(toolResultForModel({ content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] }, keep)).toBe('[resource link file:///a "a"]')
  })

  it('redacts, then cuts what is over the limit with a note', () => {
    expect(toolResultForModel({ content: [{ type: 'text', text: 'key=abc' }] }, (t) => t.replace('abc', '<redacted>'))).toBe('key=<redacted>')
    expect(truncateForModel('abcdef', 4)).toBe('abcd\n[truncated: the result has 6 characters; only the first 4 were sent]')
    expect(truncateForModel('abcd', 4)).toBe('abcd')
  })
})

describe('provider errors said plainly', () => {
  const provider = { baseUrl: 'http://h/v1', model: 'm' }
  it('401 is the key, 404 the model, a refused connection the endpoint', () => {
    expect(providerFailure({ statusCode: 401 }, provider).message).toContain('refused the API key (401)')
    expect(providerFailure({ statusCode: 404 }, provider).message).toContain('no model "m" there')
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })
    expect(providerFailure(refused, provider).message).toBe('cannot connect to the model provider at http://h/v1 (connection refused): is it running?')
  })
})
