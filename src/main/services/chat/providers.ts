import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import { providerFailure } from './providerErrors'

/** An OpenAI-compatible endpoint: OpenAI itself, Ollama, LM Studio, vLLM, a proxy … */
export interface ChatProvider {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 */
  baseUrl: string
  apiKey?: string
  /** the model id; without one the caller picks the first that `listModels` returns */
  model?: string
}

type Fetch = typeof globalThis.fetch

const trimSlash = (url: string) => url.replace(/\/+$/, '')

export function chatModel(provider: ChatProvider & { model: string }, fetch?: Fetch): LanguageModel {
  const openai = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: trimSlash(provider.baseUrl),
    apiKey: provider.apiKey,
    // usage in the last streamed chunk, where the endpoint supports it
    includeUsage: true,
    fetch
  })
  return openai.chatModel(provider.model)
}

/** `GET {base}/models`: the ids the endpoint serves, in its order. */
export async function listModels(provider: ChatProvider, fetch: Fetch = globalThis.fetch, signal?: AbortSignal): Promise<string[]> {
  const url = `${trimSlash(provider.baseUrl)}/models`
  let response: Response
  try {
    response = await fetch(url, { headers: provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}, signal })
  } catch (error) {
    throw providerFailure(error, provider)
  }
  if (!response.ok) throw providerFailure({ statusCode: response.status, responseBody: await response.text().catch(() => '') }, provider)
  const body = (await response.json().catch(() => undefined)) as { data?: { id?: unknown }[] } | undefined
  return (body?.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string')
}
