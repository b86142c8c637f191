import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import type { ChatAttachment } from '@shared/chat/composerContext'
import type { McpServer } from '@shared/mcp/server'
import type { McpHost } from '../mcp/mcpHost'
import { ChatError } from './chatErrors'
import { MAX_TOOL_RESULT_CHARS, truncateForModel } from './toolResultForModel'

/** A resource read for a message: its chip, and the block the model reads. */
export interface ReadAttachment {
  attachment: ChatAttachment
  /** the resource's text (redacted, perhaps cut) between lines naming its URI */
  block: string
}

type Contents = ReadResourceResult['contents'][number]

/** Attribute values stay on one line and cannot end the attribute. */
const attr = (value: string) => JSON.stringify(value.replace(/[\r\n]+/g, ' '))

/**
 * Reads a resource of one of the chat's servers and makes it the model's context: its text parts
 * redacted and cut at the result-size limit with a note, between lines naming the URI. A resource
 * with no text (an image, a PDF) is refused with a sentence; binary parts next to text are noted.
 */
export async function readAttachment(
  mcp: McpHost,
  server: McpServer,
  uri: string,
  redact: (text: string) => string,
  maxChars = MAX_TOOL_RESULT_CHARS
): Promise<ReadAttachment> {
  const result = await mcp.getResource({ server, uri })
  const texts = result.contents.filter((c): c is Contents & { text: string } => 'text' in c && typeof c.text === 'string')
  const binary = result.contents.filter((c) => !('text' in c) || typeof c.text !== 'string')
  const mimeType = (texts[0] ?? binary[0])?.mimeType
  if (texts.length === 0) {
    throw new ChatError(
      'RESOURCE_NOT_TEXT',
      `"${uri}" of ${server.name} is ${mimeType ? `binary (${mimeType})` : 'empty or binary'}: only a resource with text can be given to the model as context`
    )
  }
  const text = [...texts.map((c) => c.text), ...binary.map((c) => `[binary part ${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}, not shown to the model]`)].join('\n')
  const forModel = truncateForModel(redact(text), maxChars)
  const name = (await resourceName(mcp, server, uri)) ?? uri
  return {
    attachment: { serverId: server.id, server: server.name, uri, name, ...(mimeType ? { mimeType } : {}), chars: text.length, ...(text.length > maxChars ? { truncated: true } : {}) },
    block: `<resource uri=${attr(uri)} server=${attr(server.name)} name=${attr(name)}>\n${forModel}\n</resource>`
  }
}

/** The name the server lists the resource under (the list is cached); a template's URI has none. */
async function resourceName(mcp: McpHost, server: McpServer, uri: string): Promise<string | undefined> {
  const listed = await mcp.listResources(server).catch(() => [])
  const found = listed.find((r) => r.uri === uri)
  return found ? (found.title ?? found.name) : undefined
}

/** The user's message as the model reads it: each attached resource's block, then what the user wrote. */
export function messageWithContext(text: string, blocks: readonly string[]): string {
  if (!blocks.length) return text
  return `${blocks.join('\n\n')}\n\n${text}`
}
