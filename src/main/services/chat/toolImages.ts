import type { ModelMessage } from 'ai'
import { imagesNoLongerAttached, type ToolImage } from './toolResultForModel'

/**
 * The images of tool results, each in a user message right after the tool message that holds
 * its result. OpenAI-compatible endpoints take only text in a tool message (the AI SDK sends a
 * tool result's image parts there as JSON text), while every vision model reads a user
 * message's image parts, so this is the one way that works across providers.
 */
export function withToolImages(messages: readonly ModelMessage[], images: ReadonlyMap<string, ToolImage[]>): ModelMessage[] {
  if (!images.size) return [...messages]
  const out: ModelMessage[] = []
  for (const message of messages) {
    out.push(message)
    if (message.role !== 'tool') continue
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue
      const list = images.get(part.toolCallId)
      if (!list?.length) continue
      out.push({
        role: 'user',
        content: [
          { type: 'text', text: `The ${list.length === 1 ? 'image' : `${list.length} images`} from the result of ${part.toolName}:` },
          ...list.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mediaType }))
        ]
      })
    }
  }
  return out
}

/** What the turn adds to the history: the images are not kept, so the results' text no longer says they follow. */
export function historyWithoutToolImages(messages: readonly ModelMessage[]): ModelMessage[] {
  return messages.map((message) => {
    if (message.role !== 'tool') return message
    const content = message.content.map((part) =>
      part.type === 'tool-result' && part.output.type === 'text' ? { ...part, output: { ...part.output, value: imagesNoLongerAttached(part.output.value) } } : part
    )
    return { ...message, content }
  })
}
