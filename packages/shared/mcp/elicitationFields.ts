import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitationResponse } from '../ipc/types'

/** The fields of an elicitation form, shared by the desktop dialog and the CLI's prompts. */

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
 * flat object of primitives, so this small closed set covers every schema a server may send.
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
