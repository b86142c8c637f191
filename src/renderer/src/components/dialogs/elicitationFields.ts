import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitationResponse } from '@shared/ipc/contract'

export type ElicitationContent = NonNullable<Extract<ElicitationResponse, { action: 'accept' }>['content']>
export type RequestedSchema = ElicitRequestFormParams['requestedSchema']

export interface SelectOption {
  value: string
  label: string
}

interface FieldBase {
  name: string
  label: string
  description?: string
  required: boolean
}

/**
 * One form field per property of the requested schema. MCP restricts elicitation schemas to a
 * flat object of primitives (SPEC Q2), so this small closed set covers every schema a server may send.
 */
export type ElicitationField =
  | (FieldBase & { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: SelectOption[]; default?: string })
  | (FieldBase & { kind: 'multiselect'; options: SelectOption[]; minItems?: number; maxItems?: number; default?: string[] })
  | (FieldBase & { kind: 'unsupported' })

function toField(name: string, schema: PrimitiveSchemaDefinition, required: boolean): ElicitationField {
  const base: FieldBase = { name, label: schema.title || name, description: schema.description, required }
  if (schema.type === 'boolean') return { ...base, kind: 'boolean', default: schema.default }
  if (schema.type === 'number' || schema.type === 'integer') {
    return { ...base, kind: 'number', integer: schema.type === 'integer', minimum: schema.minimum, maximum: schema.maximum, default: schema.default }
  }
  if (schema.type === 'array') {
    const items = schema.items
    const options = 'anyOf' in items ? items.anyOf.map((o) => ({ value: o.const, label: o.title })) : items.enum.map((v) => ({ value: v, label: v }))
    return { ...base, kind: 'multiselect', options, minItems: schema.minItems, maxItems: schema.maxItems, default: schema.default }
  }
  if (schema.type === 'string') {
    if ('oneOf' in schema) {
      return { ...base, kind: 'select', options: schema.oneOf.map((o) => ({ value: o.const, label: o.title })), default: schema.default }
    }
    if ('enum' in schema) {
      // enumNames is the legacy way of titling options; still sent by servers in the wild
      const names = 'enumNames' in schema ? schema.enumNames : undefined
      const options = schema.enum.map((value, i) => ({ value, label: names?.[i] ?? value }))
      return { ...base, kind: 'select', options, default: schema.default }
    }
    return {
      ...base,
      kind: 'text',
      format: schema.format,
      minLength: schema.minLength,
      maxLength: schema.maxLength,
      default: schema.default
    }
  }
  return { ...base, kind: 'unsupported' }
}

export function elicitationFields(schema: RequestedSchema): ElicitationField[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, property]) => toField(name, property, required.has(name)))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An RFC 3339 date-time as the `datetime-local` input wants it: local time, minutes precision. */
export function toLocalDateTime(value: string): string | undefined {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return undefined
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** What the form starts with: the schema's defaults, unchecked booleans shown as false. */
export function initialValues(fields: ElicitationField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.kind === 'unsupported') continue
    if (field.kind === 'boolean') values[field.name] = field.default ?? false
    else if (field.kind === 'text' && field.format === 'date-time' && field.default) values[field.name] = toLocalDateTime(field.default)
    else if (field.default !== undefined) values[field.name] = field.default
  }
  return values
}

/**
 * The accepted content: empty optional fields are left out rather than sent as "", and date-times
 * go back as RFC 3339 (the input gives local time without a zone).
 */
export function toContent(fields: ElicitationField[], values: Record<string, unknown>): ElicitationContent {
  const content: ElicitationContent = {}
  for (const field of fields) {
    const value = values[field.name]
    if (value === undefined || value === null || value === '') continue
    if (field.kind === 'text' && field.format === 'date-time' && typeof value === 'string') {
      content[field.name] = new Date(value).toISOString()
    } else if (field.kind === 'multiselect') {
      if (Array.isArray(value)) content[field.name] = value.map(String)
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      content[field.name] = value
    }
  }
  return content
}
