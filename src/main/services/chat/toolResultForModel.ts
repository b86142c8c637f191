import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** A tool result bigger than this is cut: one chatty tool must not fill the model's context. */
export const MAX_TOOL_RESULT_CHARS = 100_000

type Content = CallToolResult['content'][number]

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)

/** One content block as text: binary is only described (a placeholder) in this version. */
function contentText(item: Content): string {
  switch (item.type) {
    case 'text':
      return item.text
    case 'image':
    case 'audio':
      return `[${item.type} ${item.mimeType}, ${base64Bytes(item.data)} bytes, not shown to the model]`
    case 'resource':
      return 'text' in item.resource
        ? `[resource ${item.resource.uri}]\n${item.resource.text}`
        : `[resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}, binary, not shown to the model]`
    case 'resource_link':
      return `[resource link ${item.uri}${item.name ? ` "${item.name}"` : ''}]`
    default:
      return `[${(item as { type: string }).type} content]`
  }
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value)
  } catch {
    return false
  }
}

/**
 * What the model reads of a tool result: text as text, structured content as JSON (once, when no
 * text block already holds it), binary as a placeholder, secrets redacted, cut at `maxChars`.
 */
export function toolResultForModel(result: CallToolResult, redact: (text: string) => string, maxChars = MAX_TOOL_RESULT_CHARS): string {
  const parts = (result.content ?? []).map(contentText)
  if (result.structuredContent !== undefined && !parts.some((p) => sameJson(p, result.structuredContent))) {
    parts.push(JSON.stringify(result.structuredContent))
  }
  if (result.isError) parts.unshift('the tool reported an error:')
  return truncateForModel(redact(parts.join('\n')), maxChars)
}

export function truncateForModel(text: string, maxChars = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n[truncated: the result has ${text.length} characters; only the first ${maxChars} were sent]`
}
