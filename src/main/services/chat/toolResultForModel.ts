import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { DEFAULT_MAX_TOOL_RESULT_CHARS } from '@shared/chat/chatSettings'

/** A tool result bigger than this is cut (the default of Settings → Chat). */
export const MAX_TOOL_RESULT_CHARS = DEFAULT_MAX_TOOL_RESULT_CHARS
/** An image bigger than this is described, never sent: a few screenshots must not fill a request. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024

/** The image formats the model APIs take. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

type Content = CallToolResult['content'][number]

/** An image of a tool result that goes to the model as an image part. */
export interface ToolImage {
  /** base64, as the server sent it */
  data: string
  mediaType: string
}

/** What the model reads of a tool result: its text, and the images it may see. */
export interface ToolResultForModel {
  text: string
  images: ToolImage[]
}

export interface ToolResultOptions {
  maxChars?: number
  /** the model takes images (the model's "takes images" option) */
  images?: boolean
  maxImageBytes?: number
}

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** How a sent image is named in the result's text while the turn runs; later turns read `SHOWN_ONCE` instead. */
const ATTACHED = 'attached after this result as image'
const SHOWN_ONCE = 'shown to the model when the tool ran, not kept'

/** An image: kept for the model when it can take it, else a placeholder that says why not. */
function imageText(item: { mimeType: string; data: string }, options: ToolResultOptions, images: ToolImage[]): string {
  const bytes = base64Bytes(item.data)
  const what = `image: ${item.mimeType}, ${formatBytes(bytes)}`
  if (!options.images) return `[${what} — this model does not take images]`
  const limit = options.maxImageBytes ?? MAX_IMAGE_BYTES
  if (bytes > limit) return `[${what} — too large to send (the limit is ${formatBytes(limit)})]`
  if (!MODEL_IMAGE_TYPES.has(item.mimeType)) return `[${what} — a format models do not take]`
  images.push({ data: item.data, mediaType: item.mimeType })
  return `[${what} — ${ATTACHED} ${images.length}]`
}

/** The result's text as the history keeps it: the images went with that turn only, and the text says so. */
export function imagesNoLongerAttached(text: string): string {
  return text.replace(new RegExp(`— ${ATTACHED} \\d+\\]`, 'g'), `— ${SHOWN_ONCE}]`)
}

/** One content block as text; images are collected (or described) by `imageText`. */
function contentText(item: Content, options: ToolResultOptions, images: ToolImage[]): string {
  switch (item.type) {
    case 'text':
      return item.text
    case 'image':
      return imageText(item, options, images)
    case 'audio':
      return `[audio ${item.mimeType}, ${formatBytes(base64Bytes(item.data))}, not shown to the model]`
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
 * text block already holds it), images as images for a model that takes them (else a placeholder),
 * other binary as a placeholder, secrets redacted, the text cut at `maxChars`.
 */
export function toolResultContent(result: CallToolResult, redact: (text: string) => string, options: ToolResultOptions = {}): ToolResultForModel {
  const images: ToolImage[] = []
  const parts = (result.content ?? []).map((item) => contentText(item, options, images))
  if (result.structuredContent !== undefined && !parts.some((p) => sameJson(p, result.structuredContent))) {
    parts.push(JSON.stringify(result.structuredContent))
  }
  if (result.isError) parts.unshift('the tool reported an error:')
  return { text: truncateForModel(redact(parts.join('\n')), options.maxChars), images }
}

/** The result as text alone: images described, never sent. */
export function toolResultForModel(result: CallToolResult, redact: (text: string) => string, maxChars = MAX_TOOL_RESULT_CHARS): string {
  return toolResultContent(result, redact, { maxChars }).text
}

export function truncateForModel(text: string, maxChars = MAX_TOOL_RESULT_CHARS): string {
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n[truncated: the result has ${text.length} characters; only the first ${maxChars} were sent]`
}
