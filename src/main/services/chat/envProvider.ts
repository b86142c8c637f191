import { DEFAULT_BASE_URL, ENV_ANTHROPIC_ID, ENV_GOOGLE_ID, ENV_PROVIDER_ID, type ProviderKind } from '@shared/chat/providers'

/**
 * A provider the environment the app started with names: OPENAI_BASE_URL (or OPENAI_API_KEY alone
 * for OpenAI itself), ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY.
 */
export interface EnvProvider {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  apiKey?: string
  problem?: string
}

const OPENAI = DEFAULT_BASE_URL['openai-compatible']

/** The OpenAI-compatible one (OPENAI_BASE_URL / OPENAI_API_KEY), as before the others came. */
export function envProvider(env: NodeJS.ProcessEnv): EnvProvider | undefined {
  const fromUrl = env.OPENAI_BASE_URL?.trim()
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined
  if (!fromUrl && !apiKey) return undefined
  const baseUrl = fromUrl || OPENAI
  return {
    id: ENV_PROVIDER_ID,
    name: fromUrl ? 'OPENAI_BASE_URL' : 'OpenAI (OPENAI_API_KEY)',
    kind: 'openai-compatible',
    baseUrl,
    ...(apiKey ? { apiKey } : {}),
    ...(isHttpUrl(baseUrl) ? {} : { problem: `OPENAI_BASE_URL must be an http:// or https:// URL, e.g. ${OPENAI}` })
  }
}

/** The variable that holds Gemini's key: the AI SDK's name first, then Google's own. */
export const geminiKeyVariable = (env: NodeJS.ProcessEnv) =>
  env.GOOGLE_GENERATIVE_AI_API_KEY?.trim() ? 'GOOGLE_GENERATIVE_AI_API_KEY' : env.GEMINI_API_KEY?.trim() ? 'GEMINI_API_KEY' : undefined

/** Every provider the environment names, OpenAI-compatible first. */
export function envProviders(env: NodeJS.ProcessEnv): EnvProvider[] {
  const found: EnvProvider[] = []
  const openai = envProvider(env)
  if (openai) found.push(openai)
  const anthropicKey = env.ANTHROPIC_API_KEY?.trim()
  if (anthropicKey) found.push({ id: ENV_ANTHROPIC_ID, name: 'Anthropic (ANTHROPIC_API_KEY)', kind: 'anthropic', baseUrl: DEFAULT_BASE_URL.anthropic, apiKey: anthropicKey })
  const geminiVar = geminiKeyVariable(env)
  if (geminiVar) found.push({ id: ENV_GOOGLE_ID, name: `Google Gemini (${geminiVar})`, kind: 'google', baseUrl: DEFAULT_BASE_URL.google, apiKey: env[geminiVar]!.trim() })
  return found
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Why the environment's providers cannot be changed here. */
export const ENV_READ_ONLY =
  'this provider comes from the environment MCP Studio started with (OPENAI_BASE_URL / OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY); change those variables and restart, or add a provider of your own'
