import type { Attributes } from '@opentelemetry/api'
import { redactSensitive, truncate } from '@shared/mcp/redact'
import type { McpServer } from '@shared/mcp/server'
import { TRACE_ATTR } from '@shared/trace/spans'

/** A JSON attribute (arguments, a result) is cut here: spans are kept by the thousand and exported. */
export const MAX_JSON_ATTRIBUTE = 4000

/** What every span of a server carries: which server, by id, name and transport. */
export function serverAttributes(server: McpServer): Attributes {
  return {
    [TRACE_ATTR.serverId]: server.id,
    [TRACE_ATTR.serverName]: server.name,
    [TRACE_ATTR.serverType]: server.type === 'httpAuto' ? 'http' : server.type
  }
}

/**
 * About how many characters a value's JSON would take, found cheaply: its strings' lengths, a
 * few levels and entries deep (what lies further counts as `DEEP`). For bounding what unbuilt
 * spans hold, so it only needs to see a big image or text, not to be exact.
 */
export function payloadWeight(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length
  if (typeof value !== 'object' || value === null) return 8
  if (depth >= 4) return DEEP
  let weight = 16
  if (Array.isArray(value)) {
    const n = Math.min(value.length, WIDE)
    for (let i = 0; i < n; i++) weight += payloadWeight(value[i], depth + 1)
    return value.length > WIDE ? weight + DEEP : weight
  }
  // for…in, not Object.keys: no array made per object (this runs on every traced call); the
  // values weighed are plain JSON, so no inherited keys to skip
  let n = 0
  for (const key in value) {
    if (++n > WIDE) return weight + DEEP
    weight += key.length + payloadWeight((value as Record<string, unknown>)[key], depth + 1)
  }
  return weight
}
const DEEP = 1024
const WIDE = 32

/** Arguments or a result as redacted JSON (traces leave the host), long strings and the whole cut. */
export function jsonAttribute(value: unknown, secrets: readonly string[]): string {
  const text = JSON.stringify(redactSensitive(value, { secrets, maxString: 300 })) ?? 'null'
  return truncate(text, MAX_JSON_ATTRIBUTE)
}

/** A tool result's shape: its size, the kinds of content it holds, whether it is an error. */
export function resultAttributes(result: unknown, secrets: readonly string[]): Attributes {
  const out: Attributes = { [TRACE_ATTR.result]: jsonAttribute(result, secrets) }
  try {
    out[TRACE_ATTR.resultSize] = JSON.stringify(result)?.length ?? 0
  } catch {
    // a result that cannot be serialized has no size worth reporting
  }
  const content = (result as { content?: unknown } | undefined)?.content
  if (Array.isArray(content)) {
    out[TRACE_ATTR.contentTypes] = [...new Set(content.map((item) => String((item as { type?: unknown }).type)))]
  }
  out[TRACE_ATTR.isError] = (result as { isError?: unknown } | undefined)?.isError === true
  return out
}

/** An error's message (redacted) and code, for the span that failed. */
export function errorAttributes(error: unknown, secrets: readonly string[]): { message: string; attributes: Attributes } {
  const raw = error instanceof Error ? error.message : String(error)
  const message = truncate(redactSensitive(raw, { secrets, maxString: 2000 }), 2000)
  const attributes: Attributes = { [TRACE_ATTR.errorMessage]: message }
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' || typeof code === 'number') attributes[TRACE_ATTR.errorCode] = code
  return { message, attributes }
}
