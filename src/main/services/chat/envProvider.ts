import { ENV_PROVIDER_ID } from '@shared/chat/providers'

/** The provider the environment the app started with names: OPENAI_BASE_URL, or OPENAI_API_KEY alone for OpenAI itself. */
export interface EnvProvider {
  id: typeof ENV_PROVIDER_ID
  name: string
  baseUrl: string
  apiKey?: string
  problem?: string
}

const OPENAI = 'https://api.openai.com/v1'

export function envProvider(env: NodeJS.ProcessEnv): EnvProvider | undefined {
  const fromUrl = env.OPENAI_BASE_URL?.trim()
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined
  if (!fromUrl && !apiKey) return undefined
  const baseUrl = fromUrl || OPENAI
  return {
    id: ENV_PROVIDER_ID,
    name: fromUrl ? 'OPENAI_BASE_URL' : 'OpenAI (OPENAI_API_KEY)',
    baseUrl,
    ...(apiKey ? { apiKey } : {}),
    ...(isHttpUrl(baseUrl) ? {} : { problem: `OPENAI_BASE_URL must be an http:// or https:// URL, e.g. ${OPENAI}` })
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Why the environment's provider cannot be changed here. */
export const ENV_READ_ONLY =
  'this provider comes from OPENAI_BASE_URL / OPENAI_API_KEY in the environment MCP Studio started with; change those variables and restart, or add a provider of your own'
