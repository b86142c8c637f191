import type { CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import { streamText, type ModelMessage } from 'ai'
import { modelForHints } from '@shared/chat/samplingDraft'
import type { ModelRef } from '@shared/chat/providers'
import { providerFailure } from './providerErrors'
import type { ProviderStore } from './ProviderStore'
import { chatModel, type ChatProvider } from './providers'
import { redactingFetch } from './redactingFetch'

/** A drafted reply to a server's sampling request, as `sampling/createMessage` answers it. */
export interface SampledReply {
  text: string
  /** the model's id: what the server is told wrote the reply */
  model: string
  stopReason: 'endTurn' | 'maxTokens'
}

/** The user stopped the draft: what had arrived is kept. */
export class DraftStopped extends Error {
  constructor(readonly text: string) {
    super('the draft was stopped')
    this.name = 'DraftStopped'
  }
}

type Block = { type: string; text?: string; data?: string; mimeType?: string }

/** One MCP content block as the model reads it: text, an image (a user's only), or a short note for what it cannot read. */
function part(block: Block, role: 'user' | 'assistant') {
  if (block.type === 'text') return { type: 'text' as const, text: block.text ?? '' }
  if (block.type === 'image' && role === 'user' && block.data) return { type: 'image' as const, image: block.data, mediaType: block.mimeType }
  return { type: 'text' as const, text: `[${block.type}${block.mimeType ? ` ${block.mimeType}` : ''} not shown to the model]` }
}

/** The server's messages as AI SDK messages. */
export function samplingMessages(params: CreateMessageRequestParams): ModelMessage[] {
  return params.messages.map((message): ModelMessage => {
    const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as Block[]
    if (message.role === 'user') return { role: 'user', content: blocks.map((b) => part(b, 'user')) }
    return { role: 'assistant', content: blocks.map((b) => part(b, 'assistant') as { type: 'text'; text: string }) }
  })
}

/**
 * The model a request gets: the one asked for, else the first configured model its hints name,
 * else the default (`providers.resolve()`), with its provider and key.
 */
export async function samplingModel(providers: ProviderStore, params: CreateMessageRequestParams, asked?: ModelRef): Promise<{ ref: ModelRef; provider: ChatProvider & { model: string } }> {
  if (asked) return providers.resolve(asked)
  const hinted = modelForHints(params.modelPreferences?.hints, (await providers.list()).providers)
  return providers.resolve(hinted)
}

export interface DraftOptions {
  provider: ChatProvider & { model: string }
  /** every value that must not reach the provider (servers' secrets, provider keys) */
  secrets: () => readonly string[]
  signal?: AbortSignal
  /** the whole text so far, each time more arrives */
  onText?: (text: string) => void
  fetch?: typeof globalThis.fetch
}

/**
 * Streams a model's reply to a sampling request: the server's system prompt, messages, token
 * limit, temperature and stop sequences, through `redactingFetch`. A stop ends it with
 * `DraftStopped` (the text so far); a provider's failure is a `ProviderError` saying what to fix.
 */
export async function draftSamplingReply(params: CreateMessageRequestParams, options: DraftOptions): Promise<SampledReply> {
  const { provider, signal } = options
  const result = streamText({
    model: chatModel(provider, redactingFetch(options.secrets, options.fetch)),
    system: params.systemPrompt,
    messages: samplingMessages(params),
    maxOutputTokens: params.maxTokens,
    temperature: params.temperature,
    stopSequences: params.stopSequences,
    // the user can press Draft again; a retry would only keep them waiting
    maxRetries: 0,
    abortSignal: signal,
    onError: () => undefined
  })
  let text = ''
  let finish: string | undefined
  try {
    for await (const chunk of result.fullStream) {
      if (chunk.type === 'text-delta') {
        text += chunk.text
        options.onText?.(text)
      } else if (chunk.type === 'finish') finish = chunk.finishReason
      else if (chunk.type === 'abort') throw new DraftStopped(text)
      else if (chunk.type === 'error') throw chunk.error
    }
  } catch (error) {
    // a stop can surface as any error of the cut stream
    if (signal?.aborted || error instanceof DraftStopped) throw new DraftStopped(text)
    throw providerFailure(error, provider)
  }
  if (signal?.aborted) throw new DraftStopped(text)
  return { text, model: provider.model, stopReason: finish === 'length' ? 'maxTokens' : 'endTurn' }
}
