import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js'
import type { ChatPromptText } from '@shared/chat/composerContext'

type Content = GetPromptResult['messages'][number]['content']

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)

/** One content block as text, or a note saying what was left out (a user message holds text only). */
function contentText(content: Content, notes: string[]): string | undefined {
  switch (content.type) {
    case 'text':
      return content.text
    case 'resource':
      if ('text' in content.resource) return `<resource uri=${JSON.stringify(content.resource.uri)}>\n${content.resource.text}\n</resource>`
      notes.push(`the binary resource ${content.resource.uri} was left out: a message takes text only`)
      return undefined
    case 'resource_link':
      return `[resource link ${content.uri}${content.name ? ` "${content.name}"` : ''}]`
    case 'image':
    case 'audio':
      notes.push(`an ${content.type} (${content.mimeType}, ${base64Bytes(content.data)} bytes) was left out: a message takes text only`)
      return undefined
    default:
      notes.push(`a ${(content as { type: string }).type} part was left out`)
      return undefined
  }
}

/**
 * A prompt's messages as the text of the user's next message: the user's parts as they are, an
 * assistant's marked as such (a chat message has one author), secrets redacted. The user reads it
 * in the composer before sending.
 */
export function promptText(result: GetPromptResult, redact: (text: string) => string): ChatPromptText {
  const notes: string[] = []
  const parts: string[] = []
  for (const message of result.messages) {
    const text = contentText(message.content, notes)
    if (text === undefined) continue
    parts.push(message.role === 'assistant' ? `Assistant: ${text}` : text)
  }
  return { text: redact(parts.join('\n\n')), notes }
}
