import type { RJSFSchema } from '@rjsf/utils'

/**
 * The required list arguments left empty: the schema allows `[]` when it sets no minItems, but a
 * form that sends nothing and reports Done is rarely what the user meant, so the runner asks.
 */
export function emptyRequiredArrays(schema: RJSFSchema, data: Record<string, unknown>): string[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema | boolean>
  return Object.entries(properties)
    .filter(([name, property]) => typeof property === 'object' && property.type === 'array' && required.has(name))
    .filter(([name]) => {
      const value = data[name]
      return value === undefined || (Array.isArray(value) && value.length === 0)
    })
    .map(([name, property]) => (typeof property === 'object' && typeof property.title === 'string' ? property.title : name))
}
