import { z } from 'zod'
import { HttpServerSchema, InMemoryServerSchema, McpServerTypeSchema, McpServerUiSchema, StdioServerSchema, ToolPreferencesSchema, type McpServer } from './server'

/**
 * What an update may change: any field of any kind but the id, each optional; `ui` and `tools`
 * change field by field (a change to the description keeps the logo). A change of `type` drops
 * the fields the new kind does not have when the result is validated. isActive is redeclared
 * without its default, or zod would fill a change that does not mention it with `false`.
 */
export const McpServerChangesSchema = z
  .object({ ...StdioServerSchema.shape, ...HttpServerSchema.shape, ...InMemoryServerSchema.shape })
  .omit({ id: true })
  .partial()
  .extend({ type: McpServerTypeSchema.optional(), isActive: z.boolean().optional() })
export type McpServerChanges = z.input<typeof McpServerChangesSchema>

/** The objects that change field by field. */
const NESTED = { ui: McpServerUiSchema, tools: ToolPreferencesSchema } as const
type Nested = keyof typeof NESTED
const isNested = (key: string): key is Nested => key in NESTED

/** Every field a change may clear by name: a top-level key, or `ui.description`, `tools.disabled`, … */
const CLEARABLE: ReadonlySet<string> = new Set([
  ...McpServerChangesSchema.keyof().options,
  ...Object.entries(NESTED).flatMap(([key, schema]) => Object.keys(schema.shape).map((field) => `${key}.${field}`))
])
export const ClearedFieldSchema = z.string().refine((path) => CLEARABLE.has(path), { message: 'not a field a change can clear; name a server field such as "cwd" or "ui.description"' })

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `changes` over `server`: the id never changes, a field set to `undefined` is removed. Not validated yet. */
export function applyServerChanges(server: McpServer, changes: McpServerChanges): Record<string, unknown> {
  const next: Record<string, unknown> = { ...server }
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'id') continue
    if (isNested(key) && isRecord(value)) {
      const inner: Record<string, unknown> = { ...(isRecord(next[key]) ? next[key] : {}) }
      for (const [field, fieldValue] of Object.entries(value)) {
        if (fieldValue === undefined) delete inner[field]
        else inner[field] = fieldValue
      }
      if (Object.keys(inner).length) next[key] = inner
      else delete next[key]
    } else if (value === undefined) delete next[key]
    else next[key] = value
  }
  return next
}

/** The cleared fields of a change by name: a JSON wire (browser mode) drops a key whose value is undefined. */
export function clearedFields(changes: McpServerChanges): string[] {
  return Object.entries(changes as Record<string, unknown>).flatMap(([key, value]) => {
    if (value === undefined) return [key]
    if (!isNested(key) || !isRecord(value)) return []
    return Object.entries(value)
      .filter(([, fieldValue]) => fieldValue === undefined)
      .map(([field]) => `${key}.${field}`)
  })
}

/** The change as sent, with each named cleared field put back as `undefined`. */
export function withClearedFields(changes: McpServerChanges, cleared: readonly string[]): McpServerChanges {
  const out: Record<string, unknown> = { ...changes }
  for (const path of cleared) {
    const [key, field] = path.split('.', 2)
    if (field === undefined) out[key] = undefined
    else out[key] = { ...(isRecord(out[key]) ? out[key] : {}), [field]: undefined }
  }
  return out as McpServerChanges
}
