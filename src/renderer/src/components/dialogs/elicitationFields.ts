import type { ElicitationContent, ElicitationField } from '@shared/mcp/elicitationFields'

export { elicitationFields, type ElicitationContent, type ElicitationField, type RequestedSchema, type SelectOption } from '@shared/mcp/elicitationFields'

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
