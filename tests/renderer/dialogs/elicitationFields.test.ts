import { describe, expect, it } from 'vitest'
import { elicitationFields, initialValues, toContent, toLocalDateTime, type RequestedSchema } from '@renderer/components/dialogs/elicitationFields'
import { formatCountdown } from '@renderer/hooks/useServerRequestCountdown'

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    when: { type: 'string', format: 'date-time', title: 'When', default: '2030-05-06T07:08:00.000Z' },
    note: { type: 'string', minLength: 2, maxLength: 20 },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cat', 'Dog'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
    agree: { type: 'boolean' },
    count: { type: 'integer', minimum: 0 }
  },
  required: ['note']
}

describe('elicitation form fields from a requested schema', () => {
  it('maps every primitive kind, with titles, options and required', () => {
    const fields = elicitationFields(schema)
    expect(fields.map((f) => [f.name, f.kind, f.label, f.required])).toEqual([
      ['when', 'text', 'When', false],
      ['note', 'text', 'note', true],
      ['pet', 'select', 'pet', false],
      ['size', 'select', 'size', false],
      ['tags', 'multiselect', 'tags', false],
      ['agree', 'boolean', 'agree', false],
      ['count', 'number', 'count', false]
    ])
    expect(fields.find((f) => f.name === 'pet')).toMatchObject({ options: [{ value: 'p1', label: 'Cat' }, { value: 'p2', label: 'Dog' }] })
    expect(fields.find((f) => f.name === 'size')).toMatchObject({ options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }] })
    expect(fields.find((f) => f.name === 'count')).toMatchObject({ integer: true, minimum: 0 })
  })

  it('starts date-times in local time and sends them back as RFC 3339', () => {
    const fields = elicitationFields(schema)
    const initial = initialValues(fields)
    expect(initial.when).toBe(toLocalDateTime('2030-05-06T07:08:00.000Z'))
    expect(initial.agree).toBe(false)
    const content = toContent(fields, initial)
    expect(content.when).toBe('2030-05-06T07:08:00.000Z')
  })

  it('leaves empty optional fields out and keeps the rest as typed', () => {
    const fields = elicitationFields(schema)
    expect(toContent(fields, { note: 'hi', pet: undefined, size: '', tags: ['b'], agree: true, count: 0, stray: 'x' })).toEqual({
      note: 'hi',
      tags: ['b'],
      agree: true,
      count: 0
    })
  })

  it('a schema without properties asks for nothing', () => {
    expect(elicitationFields({ type: 'object', properties: {} })).toEqual([])
  })
})

describe('formatCountdown', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(75)).toBe('1:15')
    expect(formatCountdown(300)).toBe('5:00')
    expect(formatCountdown(3725)).toBe('1:02:05')
  })
})
