import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js'
import { base64Bytes, CHAT_IMAGE_TYPES, MAX_CHAT_IMAGE_BYTES, type ChatImage, type ChatPromptOmission, type ChatPromptText } from '@shared/chat/composerContext'

type Content = GetPromptResult['messages'][number]['content']

interface Parts {
  /** the model takes images */
  images: boolean
  kept: ChatImage[]
  omitted: ChatPromptOmission[]
}

/** An image goes with the message when the model takes images in a format and size the APIs take; else it is noted. */
function keepImage(content: { mimeType: string; data: string }, parts: Parts): void {
  const bytes = base64Bytes(content.data)
  const type = CHAT_IMAGE_TYPES.find((t) => t === content.mimeType)
  const reason = !parts.images ? 'model' : !type ? 'format' : bytes > MAX_CHAT_IMAGE_BYTES ? 'size' : undefined
  if (reason || !type) parts.omitted.push({ type: 'image', mimeType: content.mimeType, bytes, reason: reason ?? 'format' })
  else parts.kept.push({ mimeType: type, data: content.data })
}

/** One content block as text, or undefined with the image kept or what was left out noted. */
function contentText(content: Content, parts: Parts): string | undefined {
  switch (content.type) {
    case 'text':
      return content.text
    case 'resource':
      if ('text' in content.resource) return `<resource uri=${JSON.stringify(content.resource.uri)}>\n${content.resource.text}\n</resource>`
      parts.omitted.push({ type: 'resource', uri: content.resource.uri, ...(content.resource.mimeType ? { mimeType: content.resource.mimeType } : {}) })
      return undefined
    case 'resource_link':
      return `[resource link ${content.uri}${content.name ? ` "${content.name}"` : ''}]`
    case 'image':
      keepImage(content, parts)
      return undefined
    case 'audio':
      parts.omitted.push({ type: 'audio', mimeType: content.mimeType, bytes: base64Bytes(content.data) })
      return undefined
    default:
      parts.omitted.push({ type: 'other' })
      return undefined
  }
}

/**
 * A prompt's messages as the user's next message: the user's parts as they are, an assistant's
 * marked as such (a chat message has one author), secrets redacted; its images kept for a model
 * that takes them. The user reads it in the composer before sending.
 */
export function promptText(result: GetPromptResult, redact: (text: string) => string, options: { images: boolean }): ChatPromptText {
  const parts: Parts = { images: options.images, kept: [], omitted: [] }
  const texts: string[] = []
  for (const message of result.messages) {
    const text = contentText(message.content, parts)
    if (text === undefined) continue
    texts.push(message.role === 'assistant' ? `Assistant: ${text}` : text)
  }
  return { text: redact(texts.join('\n\n')), images: parts.kept, omitted: parts.omitted }
}
