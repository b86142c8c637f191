import { z } from 'zod'
import { MASKED_VALUE } from '../mcp/extensions'

export { MASKED_VALUE }

/** The kinds of model endpoint the chat speaks to: any OpenAI-compatible one, Anthropic's Messages API, Google's Gemini API. */
export const ProviderKindSchema = z.enum(['openai-compatible', 'anthropic', 'google'])
export type ProviderKind = z.infer<typeof ProviderKindSchema>

/** A known endpoint the providers page offers as a starting point. */
export interface ProviderPreset {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  /** runs on this machine (no key needed, probed at 127.0.0.1) */
  local: boolean
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  { id: 'openai', name: 'OpenAI', kind: 'openai-compatible', baseUrl: 'https://api.openai.com/v1', local: false },
  { id: 'deepseek', name: 'DeepSeek', kind: 'openai-compatible', baseUrl: 'https://api.deepseek.com/v1', local: false },
  { id: 'anthropic', name: 'Anthropic', kind: 'anthropic', baseUrl: 'https://api.anthropic.com/v1', local: false },
  { id: 'gemini', name: 'Google Gemini', kind: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', local: false },
  { id: 'openrouter', name: 'OpenRouter', kind: 'openai-compatible', baseUrl: 'https://openrouter.ai/api/v1', local: false },
  { id: 'ollama', name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', local: true },
  { id: 'lmstudio', name: 'LM Studio', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:1234/v1', local: true },
  { id: 'llamacpp', name: 'llama.cpp server', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:8080/v1', local: true },
  { id: 'vllm', name: 'vLLM', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:8000/v1', local: true }
]

/** The id of the provider made from OPENAI_BASE_URL / OPENAI_API_KEY; never stored, never editable. */
export const ENV_PROVIDER_ID = 'env'
/** The providers made from ANTHROPIC_API_KEY and GOOGLE_GENERATIVE_AI_API_KEY / GEMINI_API_KEY, likewise. */
export const ENV_ANTHROPIC_ID = 'env-anthropic'
export const ENV_GOOGLE_ID = 'env-google'
export const ENV_PROVIDER_IDS: readonly string[] = [ENV_PROVIDER_ID, ENV_ANTHROPIC_ID, ENV_GOOGLE_ID]

/** The base URL a new provider of this kind starts with. */
export const DEFAULT_BASE_URL: Record<ProviderKind, string> = {
  'openai-compatible': 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta'
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const modelId = z.string().trim().min(1).max(300)

/** A provider as the page saves it. `apiKey` equal to MASKED_VALUE keeps the stored key; absent or '' means none. */
export const ProviderInputSchema = z.object({
  /** absent: a new provider */
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1, 'name: give the provider a name').max(100),
  kind: ProviderKindSchema.default('openai-compatible'),
  baseUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(isHttpUrl, 'baseUrl: must be an http:// or https:// URL, e.g. https://api.openai.com/v1'),
  apiKey: z.string().max(8000).optional(),
  /** models typed by hand (kept with the ones the provider lists) */
  models: z.array(modelId).max(500).default([]),
  defaultModel: modelId.optional()
})
export type ProviderInput = z.input<typeof ProviderInputSchema>

/** A provider as the page sees it: never its key, only whether it has one. */
export interface ProviderView {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  hasKey: boolean
  models: string[]
  defaultModel?: string
  /** saved by the user, or made from the environment the app started with (read-only) */
  source: 'saved' | 'env'
  /** the stored key would not decrypt: named, never used */
  problem?: string
}

/** What `chat:list-providers` answers. */
export interface ProvidersSnapshot {
  providers: ProviderView[]
  /** the provider and model a new chat starts with */
  defaultModel?: ModelRef
  /** the saved providers could not be read: where the file was moved (or left), and why */
  notice?: ProvidersNotice
}

/** A providers file that could not be read: it is kept, never written over. */
export interface ProvidersNotice {
  /** where the damaged file now is (renamed `providers.json.corrupt-<time>`), or where it was left */
  keptAs: string
  /** what was wrong, in English */
  detail: string
}

/** A model of a provider: what a chat runs on. */
export const ModelRefSchema = z.object({ providerId: z.string().min(1).max(100), model: modelId })
export type ModelRef = z.infer<typeof ModelRefSchema>

/** A model endpoint on this machine that answered the probe. */
export interface LocalEndpoint {
  presetId: string
  name: string
  baseUrl: string
  models: string[]
}
