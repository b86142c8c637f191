import type { CreateMessageRequestParams, SamplingMessageContentBlock } from '@modelcontextprotocol/sdk/types.js'
import { renderContent } from './render'
import { oneLine, type TerminalConversation } from './terminalPrompts'

/** Text as it is; images and audio as type and size; tool use and results named with their JSON. */
function renderBlock(block: SamplingMessageContentBlock): string {
  if (block.type === 'text' || block.type === 'image' || block.type === 'audio') return renderContent(block)
  return `[${block.type}] ${oneLine(JSON.stringify(block), 300)}`
}

/** What the server asks the model, as the user has to judge it. */
export function describeSampling(params: CreateMessageRequestParams): string {
  const lines: string[] = []
  if (params.systemPrompt) lines.push(`system prompt: ${params.systemPrompt}`)
  lines.push(`max tokens: ${params.maxTokens}`)
  const hints = params.modelPreferences?.hints?.map((h) => h.name).filter(Boolean)
  if (hints?.length) lines.push(`model hints: ${hints.join(', ')}`)
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content]
    lines.push(`[${message.role}] ${blocks.map(renderBlock).join('\n')}`)
  }
  return lines.join('\n')
}

/** The reply the user types, one line; an empty line is a rejection (undefined). */
export async function askSampling(serverName: string, params: CreateMessageRequestParams, talk: TerminalConversation): Promise<string | undefined> {
  await talk.say(`${serverName} asks for a model reply (sampling); you write it:\n${describeSampling(params)}`)
  const reply = await talk.ask('your reply (one line; an empty line or Ctrl-C rejects): ')
  return reply.trim() === '' ? undefined : reply
}
