import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js'
import type { ChatPromptOmission, ChatPromptText } from '@shared/chat/composerContext'

type Content = GetPromptResult['messages'][number]['content']

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)

/** One content block as text, or undefined with what was left out noted (a user message holds text only). */
function contentText(content: Content, omitted: ChatPromptOmission[]): string | undefined {
  switch (content.type) {
    case 'text':
      return content.text
    case 'resource':
      if ('text' in content.resource) return `<resource uri=${JSON.stringify(content.resource.uri)}>\n${content.resource.text}\n</resource>`
      omitted.push({ type: 'resource', uri: content.resource.uri, ...(content.resource.mimeType ? { mimeType: content.resource.mimeType } : {}) })
      return undefined
    case 'resource_link':
      return `[resource link ${content.uri}${content.name ? ` "${content.name}"` : ''}]`
    case 'image':
    case 'audio':
      omitted.push({ type: content.type, mimeType: content.mimeType, bytes: base64Bytes(content.data) })
      return undefined
    default:
      omitted.push({ type: 'other' })
      return undefined
  }
}

/**
 * A prompt's messages as the text of the user's next message: the user's parts as they are, an
 * assistant's marked as such (a chat message has one author), secrets redacted. The user reads it
 * in the composer before sending.
 */
export function promptText(result: GetPromptResult, redact: (text: string) => string): ChatPromptText {
  const omitted: ChatPromptOmission[] = []
  const parts: string[] = []
  for (const message of result.messages) {
    const text = contentText(message.content, omitted)
    if (text === undefined) continue
    parts.push(message.role === 'assistant' ? `Assistant: ${text}` : text)
  }
  return { text: redact(parts.join('\n\n')), omitted }
}
