import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { wrapLanguageModel, type LanguageModel } from 'ai'
import type { ProviderKind } from '@shared/chat/providers'
import { geminiSafeSchema } from './geminiSchema'
import { providerFailure } from './providerErrors'

/** A model endpoint: OpenAI-compatible (OpenAI, Ollama, LM Studio, vLLM, a proxy …), Anthropic or Google Gemini. */
export interface ChatProvider {
  /** absent: OpenAI-compatible */
  kind?: ProviderKind
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1, https://api.anthropic.com/v1 */
  baseUrl: string
  apiKey?: string
  /** the model id; without one the caller picks the first that `listModels` returns */
  model?: string
}

type Fetch = typeof globalThis.fetch

const trimSlash = (url: string) => url.replace(/\/+$/, '')

// The AI SDK prints its warnings (e.g. Anthropic's "unknown model, max tokens limited") on the
// console: on stdout, where the CLI's answer and its --json go. The chat reports what matters itself.
globalThis.AI_SDK_LOG_WARNINGS ??= false

export function chatModel(provider: ChatProvider & { model: string }, fetch?: Fetch): LanguageModel {
  const baseURL = trimSlash(provider.baseUrl)
  // an empty key rather than none: the SDKs would otherwise read their own variables from the environment
  const apiKey = provider.apiKey ?? ''
  switch (provider.kind ?? 'openai-compatible') {
    case 'anthropic':
      return createAnthropic({ baseURL, apiKey, fetch }).languageModel(provider.model)
    case 'google':
      // Gemini refuses parts of JSON Schema the SDK passes on: each tool's schema made safe first
      return wrapLanguageModel({
        model: createGoogleGenerativeAI({ baseURL, apiKey, fetch }).languageModel(provider.model),
        middleware: {
          specificationVersion: 'v3',
          transformParams: async ({ params }) => ({
            ...params,
            tools: params.tools?.map((t) => (t.type === 'function' ? { ...t, inputSchema: geminiSafeSchema(t.inputSchema) } : t))
          })
        }
      })
    default:
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey: provider.apiKey,
        // usage in the last streamed chunk, where the endpoint supports it
        includeUsage: true,
        fetch
      }).chatModel(provider.model)
  }
}

/** Each kind's model list: where it is, how the key goes, and how to read the answer. */
function modelsRequest(provider: ChatProvider): { url: string; headers: Record<string, string>; read: (body: unknown) => string[] } {
  const base = trimSlash(provider.baseUrl)
  const key = provider.apiKey
  switch (provider.kind ?? 'openai-compatible') {
    case 'anthropic':
      return {
        url: `${base}/models?limit=1000`,
        headers: { 'anthropic-version': '2023-06-01', ...(key ? { 'x-api-key': key } : {}) },
        read: (body) => ids((body as { data?: { id?: unknown }[] } | undefined)?.data)
      }
    case 'google':
      return {
        url: `${base}/models?pageSize=1000`,
        headers: key ? { 'x-goog-api-key': key } : {},
        // only the models that chat: embedding and image models list here too
        read: (body) =>
          ((body as { models?: { name?: unknown; supportedGenerationMethods?: unknown }[] } | undefined)?.models ?? [])
            .filter((m) => !Array.isArray(m.supportedGenerationMethods) || m.supportedGenerationMethods.includes('generateContent'))
            .map((m) => m.name)
            .filter((name): name is string => typeof name === 'string')
            .map((name) => name.replace(/^models\//, ''))
      }
    default:
      return { url: `${base}/models`, headers: key ? { authorization: `Bearer ${key}` } : {}, read: (body) => ids((body as { data?: { id?: unknown }[] } | undefined)?.data) }
  }
}

const ids = (list: { id?: unknown }[] | undefined) => (list ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string')

/** The provider's model list (`GET {base}/models`): the ids it serves, in its order. */
export async function listModels(provider: ChatProvider, fetch: Fetch = globalThis.fetch, signal?: AbortSignal): Promise<string[]> {
  const { url, headers, read } = modelsRequest(provider)
  let response: Response
  try {
    response = await fetch(url, { headers, signal })
  } catch (error) {
    throw providerFailure(error, provider)
  }
  if (!response.ok) throw providerFailure({ statusCode: response.status, responseBody: await response.text().catch(() => '') }, provider)
  return read(await response.json().catch(() => undefined))
}
