import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation'
import { elicitationFields, type ElicitationContent, type ElicitationField, type SelectOption } from '@shared/mcp/elicitationFields'
import { oneLine, type TerminalConversation } from './terminalPrompts'

type Value = ElicitationContent[string]
type Parsed = { value: Value } | { problem: string }

/** The form's answer, or the first required field the CLI cannot fill. */
export type FormOutcome = { content: ElicitationContent } | { missing: string }

/** `--elicitation accept-defaults`: each field's default; a required field without one cannot be answered. */
export function defaultContent(schema: ElicitRequestFormParams['requestedSchema']): FormOutcome {
  const content: ElicitationContent = {}
  for (const field of elicitationFields(schema)) {
    if (field.kind !== 'unsupported' && field.default !== undefined) content[field.name] = field.default
    else if (field.required) return { missing: field.name }
  }
  return { content }
}

// the SDK's own validator (ajv with formats): what it accepts is what the server's SDK checks against
let validator: AjvJsonSchemaValidator | undefined
function problemWith(schema: unknown, value: Value): string | undefined {
  validator ??= new AjvJsonSchemaValidator()
  const result = validator.getValidator(schema as JsonSchemaType)(value)
  return result.valid ? undefined : `not accepted: ${(result.errorMessage ?? 'invalid').replace(/^data /, '').replace(/, data /g, ', ')}`
}

function choose(options: SelectOption[], answer: string): SelectOption | undefined {
  const n = Number(answer)
  if (Number.isInteger(n) && n >= 1 && n <= options.length) return options[n - 1]
  return options.find((o) => o.value === answer || o.label.toLowerCase() === answer.toLowerCase())
}

function parse(field: ElicitationField, answer: string): Parsed {
  switch (field.kind) {
    case 'number': {
      const n = Number(answer)
      if (!Number.isFinite(n)) return { problem: `type a number${field.integer ? ' (a whole one)' : ''}` }
      if (field.integer && !Number.isInteger(n)) return { problem: 'type a whole number' }
      return { value: n }
    }
    case 'boolean':
      if (/^(y|yes|true)$/i.test(answer)) return { value: true }
      if (/^(n|no|false)$/i.test(answer)) return { value: false }
      return { problem: 'type y or n' }
    case 'select': {
      const option = choose(field.options, answer)
      return option ? { value: option.value } : { problem: `type a number from 1 to ${field.options.length}` }
    }
    case 'multiselect': {
      const picked = answer.split(/[\s,]+/).filter(Boolean).map((part) => choose(field.options, part))
      if (picked.some((o) => o === undefined)) return { problem: `type numbers from 1 to ${field.options.length}, e.g. 1,3` }
      return { value: [...new Set(picked.map((o) => o!.value))] }
    }
    default:
      return { value: answer }
  }
}

const FORMAT_HINT = { email: 'email', uri: 'a URL', date: 'date, YYYY-MM-DD', 'date-time': 'date-time, e.g. 2030-01-31T09:00:00Z' } as const

function hint(field: ElicitationField): string {
  switch (field.kind) {
    case 'number': {
      const range = field.minimum !== undefined || field.maximum !== undefined ? ` ${field.minimum ?? ''}..${field.maximum ?? ''}` : ''
      return ` (${field.integer ? 'integer' : 'number'}${range})`
    }
    case 'boolean':
      return ' (y/n)'
    case 'select':
      return ` (1-${field.options.length})`
    case 'multiselect':
      return ` (numbers from 1-${field.options.length}, e.g. 1,3)`
    case 'text':
      return field.format ? ` (${FORMAT_HINT[field.format]})` : ''
    default:
      return ''
  }
}

function shownDefault(field: ElicitationField): string {
  if (field.kind === 'unsupported' || field.default === undefined) return ''
  const index = (options: SelectOption[], value: string) => options.findIndex((o) => o.value === value) + 1
  if (field.kind === 'boolean') return ` [${field.default ? 'y' : 'n'}]`
  if (field.kind === 'select') return ` [${index(field.options, field.default)}]`
  if (field.kind === 'multiselect') return ` [${field.default.map((v) => index(field.options, v)).join(',')}]`
  return ` [${oneLine(String(field.default), 80)}]`
}

/** One field: asked until the answer fits; empty takes the default, or leaves an optional field out. */
async function askField(field: ElicitationField, schema: unknown, talk: TerminalConversation): Promise<Value | undefined> {
  if (field.kind === 'select' || field.kind === 'multiselect') {
    await talk.say(field.options.map((o, i) => `  ${i + 1}) ${oneLine(o.label, 120)}`).join('\n'))
  }
  const description = field.description ? ` — ${oneLine(field.description)}` : ''
  const question = `${oneLine(field.label, 80)}${field.required ? ' *' : ''}${description}${hint(field)}${shownDefault(field)}: `
  for (;;) {
    const answer = (await talk.ask(question)).trim()
    if (answer === '') {
      if (field.kind !== 'unsupported' && field.default !== undefined) return field.default
      if (!field.required) return undefined
      await talk.say('  required: type a value (Ctrl-C cancels the whole form)')
      continue
    }
    const parsed = parse(field, answer)
    const problem = 'problem' in parsed ? parsed.problem : problemWith(schema, parsed.value)
    if (problem === undefined && 'value' in parsed) return parsed.value
    await talk.say(`  ${problem}`)
  }
}

/** A form on the terminal, one question per field, in the schema's order. */
export async function askForm(params: ElicitRequestFormParams, talk: TerminalConversation): Promise<FormOutcome> {
  const fields = elicitationFields(params.requestedSchema)
  const unsupported = fields.find((f) => f.kind === 'unsupported' && f.required)
  if (unsupported) return { missing: unsupported.name }
  await talk.say('(one question per field; * required; Enter takes the [default]; Ctrl-C cancels)')
  const content: ElicitationContent = {}
  for (const field of fields) {
    if (field.kind === 'unsupported') continue
    const value = await askField(field, params.requestedSchema.properties[field.name], talk)
    if (value !== undefined) content[field.name] = value
  }
  return { content }
}
