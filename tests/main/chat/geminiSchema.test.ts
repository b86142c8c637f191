import { describe, expect, it } from 'vitest'
import { GEMINI_FUNCTION_NAME, geminiSafeSchema } from '../../../src/main/services/chat/geminiSchema'
import { buildFunctionCallToolName as functionCallId } from '@shared/mcp/toolNames'

describe('tool schemas and names as Gemini takes them', () => {
  it('resolves local $refs, leaves a recursive one open, turns oneOf into anyOf and merges allOf', () => {
    const safe = geminiSafeSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      $defs: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] }, node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      properties: {
        at: { $ref: '#/$defs/point', description: 'where' },
        tree: { $ref: '#/$defs/node' },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        both: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'string' } } }] },
        remote: { $ref: 'https://example.com/schema.json' }
      },
      required: ['at', 'gone']
    })
    expect(safe.properties?.at).toEqual({ type: 'object', description: 'where', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] })
    expect(JSON.stringify(safe.properties?.tree)).toContain('same shape as its parent')
    expect(safe.properties?.shape).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] })
    expect(safe.properties?.both).toEqual({ type: 'object', properties: { a: { type: 'string' } , b: { type: 'string' } }, required: ['a'] })
    expect(safe.properties?.remote).toMatchObject({ type: 'object', description: expect.stringContaining('https://example.com/schema.json') })
    // a required name with no property would make Gemini refuse the declaration
    expect(safe.required).toEqual(['at'])
    for (const word of ['$ref', '$defs', '$schema', 'oneOf', 'allOf', 'additionalProperties']) expect(JSON.stringify(safe)).not.toContain(`"${word}"`)
  })

  it('keeps string enums; numbers, mixed values and non-string consts go into the description; uri formats and tuples are rewritten', () => {
    const safe = geminiSafeSchema({
      type: 'object',
      properties: {
        level: { type: 'string', enum: ['low', 'high'] },
        size: { type: 'integer', enum: [1, 2, 3] },
        mode: { anyOf: [{ const: 'fast' }, { const: 2 }] },
        link: { type: 'string', format: 'uri' },
        when: { type: 'string', format: 'date-time' },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
        list: { type: 'array' }
      }
    })
    const p = safe.properties as Record<string, Record<string, unknown>>
    expect(p.level).toEqual({ type: 'string', enum: ['low', 'high'] })
    expect(p.size).toEqual({ type: 'integer', description: '(one of: 1, 2, 3)' })
    expect(p.mode).toEqual({ anyOf: [{ type: 'string', enum: ['fast'] }, { type: 'number', description: '(one of: 2)' }] })
    expect(p.link).toEqual({ type: 'string', description: '(format: uri)' })
    expect(p.when).toEqual({ type: 'string', format: 'date-time' })
    expect(p.pair).toEqual({ type: 'array', items: { type: 'string' } })
    expect(p.list).toEqual({ type: 'array', items: { type: 'string' } })
  })

  it('a tool with no schema or an empty one still declares an object', () => {
    expect(geminiSafeSchema(undefined)).toEqual({ type: 'object', properties: {} })
    expect(geminiSafeSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} })
  })

  it('the app\'s function-call ids fit Gemini\'s name rule, even for long and non-ASCII names', () => {
    for (const [server, tool] of [
      ['everything', 'get-sum'],
      ['a very long server name that goes on and on', 'and a tool name that is just as long as the server name'],
      ['服务器', '工具'],
      ['123', '9tool']
    ]) {
      expect(functionCallId(server, tool)).toMatch(GEMINI_FUNCTION_NAME)
    }
    expect('9starts-with-digit').not.toMatch(GEMINI_FUNCTION_NAME)
    expect(`a${'b'.repeat(64)}`).not.toMatch(GEMINI_FUNCTION_NAME)
  })
})
