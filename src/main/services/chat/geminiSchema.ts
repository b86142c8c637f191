import type { JSONSchema7 } from 'ai'

/**
 * Gemini's function-call names: a letter or underscore first, then letters, digits, `_ . : -`,
 * at most 64 in all. The app's ids (`mcp__server__tool`) fit already; checked so a tool never
 * makes Gemini refuse the whole request.
 */
export const GEMINI_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/

type Schema = Record<string, unknown>
const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value)

/** The string formats Gemini takes; others (uri, email …) make it refuse the request. */
const STRING_FORMATS = new Set(['enum', 'date-time'])
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double'])
/** How deep a tool's schema may go before the rest is left open (Gemini refuses very deep ones). */
const MAX_DEPTH = 12

const describe = (schema: Schema, note: string) => ({ ...schema, description: [schema.description, note].filter(Boolean).join(' ') })

interface Context {
  defs: Record<string, unknown>
  resolving: Set<string>
  depth: number
}

/**
 * A tool's input schema in the subset Gemini accepts. The AI SDK turns JSON Schema into Gemini's
 * OpenAPI form but passes some things through that Gemini refuses: `oneOf`/`allOf`, enums of
 * numbers or mixed values, `const` of a non-string, tuple `items`, string formats other than
 * enum/date-time, `required` names with no property, and `$ref`s it cannot resolve. Those are
 * rewritten here (a lost detail goes into the description, so the model still knows it).
 */
export function geminiSafeSchema(schema: unknown): JSONSchema7 {
  if (!isSchema(schema)) return { type: 'object', properties: {} }
  const defs = { ...(isSchema(schema.definitions) ? schema.definitions : {}), ...(isSchema(schema.$defs) ? schema.$defs : {}) }
  const safe = convert(schema, { defs, resolving: new Set(), depth: 0 })
  return { ...safe, type: 'object', ...(isSchema(safe.properties) ? {} : { properties: {} }) } as JSONSchema7
}

function resolveRef(ref: string, ctx: Context): Schema | undefined {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref)
  const name = match ? decodeURIComponent(match[1]) : undefined
  const found = name === undefined ? undefined : ctx.defs[name]
  return isSchema(found) ? found : undefined
}

function convert(schema: Schema, ctx: Context): Schema {
  if (ctx.depth > MAX_DEPTH) return describe({ type: 'object' }, '(nested deeper than shown)')
  const inner: Context = { ...ctx, depth: ctx.depth + 1 }
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref
    const { $ref: _ref, ...siblings } = schema
    const target = resolveRef(ref, ctx)
    if (!target) return describe({ type: 'object' }, `(defined elsewhere: ${ref})`)
    // a schema that contains itself: Gemini takes no cycles, so the inner one is left open
    if (ctx.resolving.has(ref)) return describe({ type: 'object' }, '(same shape as its parent)')
    return convert({ ...target, ...siblings }, { ...inner, resolving: new Set([...ctx.resolving, ref]) })
  }
  const out: Schema = {}
  if (typeof schema.description === 'string') out.description = schema.description
  if (typeof schema.title === 'string' && !out.description) out.description = schema.title
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) out.type = schema.type
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]

  // enum and const: Gemini takes string values only
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined
  if (values) {
    const nonNull = values.filter((v) => v !== null)
    if (nonNull.length && nonNull.every((v) => typeof v === 'string') && (out.type === undefined || types.includes('string'))) {
      out.enum = nonNull
      if (out.type === undefined) out.type = values.includes(null) ? ['string', 'null'] : 'string'
    } else {
      Object.assign(out, describe(out, `(one of: ${values.map((v) => JSON.stringify(v)).join(', ')})`))
      if (out.type === undefined) {
        const kinds = [...new Set(nonNull.map((v) => (typeof v === 'number' ? 'number' : typeof v)))]
        if (kinds.length === 1 && ['number', 'boolean', 'string'].includes(kinds[0])) out.type = kinds[0]
      }
    }
  }

  if (typeof schema.format === 'string') {
    const allowed = types.includes('string') ? STRING_FORMATS : NUMBER_FORMATS
    if (allowed.has(schema.format)) out.format = schema.format
    else Object.assign(out, describe(out, `(format: ${schema.format})`))
  }
  if (typeof schema.minLength === 'number') out.minLength = schema.minLength

  if (isSchema(schema.properties)) {
    const properties: Schema = {}
    for (const [key, value] of Object.entries(schema.properties)) properties[key] = isSchema(value) ? convert(value, inner) : { type: 'object' }
    out.properties = properties
    if (Array.isArray(schema.required)) out.required = schema.required.filter((r) => typeof r === 'string' && r in properties)
  }

  // a tuple (items as a list) is not Gemini's: its first item's shape stands for all
  const items = Array.isArray(schema.items) ? schema.items[0] : schema.items
  if (isSchema(items)) out.items = convert(items, inner)
  else if (types.includes('array')) out.items = { type: 'string' }

  const union = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])].filter(isSchema)
  if (union.length) out.anyOf = union.map((s) => convert(s, inner))

  if (Array.isArray(schema.allOf)) Object.assign(out, mergeAll(schema.allOf.filter(isSchema).map((s) => convert(s, inner)), out))
  return out
}

/** `allOf` as one schema: the objects' properties and required names together, else the first part. */
function mergeAll(parts: Schema[], base: Schema): Schema {
  if (!parts.length) return {}
  const objects = parts.filter((p) => isSchema(p.properties))
  if (!objects.length) return { ...parts[0], ...base }
  const properties = Object.assign({}, base.properties as Schema | undefined, ...objects.map((p) => p.properties as Schema))
  const required = [...new Set([...((base.required as string[] | undefined) ?? []), ...objects.flatMap((p) => (p.required as string[] | undefined) ?? [])])]
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}
