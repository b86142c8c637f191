import type { ModelRef } from '@shared/chat/providers'
import { ProviderStore, ProviderUnusableError } from '../main/services/chat/ProviderStore'
import { envProviders } from '../main/services/chat/envProvider'
import type { ChatProvider } from '../main/services/chat/providers'
import type { ChatCommand } from './args'
import { usageError } from './errors'

const HOW_TO_ADD =
  'pass --base-url URL (its key in --api-key-env NAME or OPENAI_API_KEY), or set OPENAI_BASE_URL and OPENAI_API_KEY; ' +
  'e.g. --base-url https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for Ollama; or set ANTHROPIC_API_KEY (Anthropic) or ' +
  'GOOGLE_GENERATIVE_AI_API_KEY / GEMINI_API_KEY (Google Gemini); or add a provider in the app (Model providers)'

type ProviderFlags = Pick<ChatCommand, 'baseUrl' | 'apiKeyEnv' | 'model'>

/** The endpoint of the run; `saved` names the app's provider and model when it is one the app saved (its options apply). */
export type CliChatProvider = ChatProvider & { saved?: ModelRef }

/**
 * The endpoint of this run: from the command line, else OPENAI_BASE_URL, else the app's saved
 * default provider, else ANTHROPIC_API_KEY or Gemini's key, else a usage error saying how to give one.
 */
export async function resolveChatProvider(command: ProviderFlags, userDataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<CliChatProvider> {
  if (command.apiKeyEnv !== undefined && !command.baseUrl) throw usageError('--api-key-env goes with --base-url')
  const baseUrl = command.baseUrl ?? env.OPENAI_BASE_URL
  if (!baseUrl) return savedProvider(command, userDataDir, env)
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)')
  } catch {
    throw usageError(`the model provider's base URL must be an http(s) URL, got "${baseUrl}"`)
  }
  let apiKey = env.OPENAI_API_KEY
  if (command.apiKeyEnv !== undefined) {
    apiKey = env[command.apiKeyEnv]
    if (!apiKey) throw usageError(`--api-key-env ${command.apiKeyEnv}: that environment variable is not set`)
  }
  return { baseUrl, apiKey: apiKey || undefined, model: command.model }
}

/** The app's default provider (with --model, that provider with this model); its key as the app saved it. */
async function savedProvider(command: ProviderFlags, userDataDir: string, env: NodeJS.ProcessEnv): Promise<CliChatProvider> {
  // the environment was looked at already: only what the user saved counts here
  const store = new ProviderStore({ userDataDir, env: {} })
  const { providers, defaultModel, notice } = await store.list()
  if (!providers.length) {
    // nothing saved: a key of Anthropic or Gemini in the environment is the provider
    const fromKey = envProviders(env).find((p) => p.kind !== 'openai-compatible')
    if (fromKey) return { kind: fromKey.kind, baseUrl: fromKey.baseUrl, apiKey: fromKey.apiKey, model: command.model }
    const unread = notice ? ` (the app's saved providers: ${notice.detail}; see ${notice.keptAs})` : ''
    throw usageError(`no model provider: ${HOW_TO_ADD}${unread}`)
  }
  const providerId = defaultModel?.providerId ?? providers[0].id
  try {
    const { ref, provider } = await store.resolve(command.model ? { providerId, model: command.model } : undefined)
    return { ...provider, saved: ref }
  } catch (error) {
    if (error instanceof ProviderUnusableError) {
      throw usageError(`the app's ${error.message} (a key the desktop app sealed with the system's keychain cannot be opened here): ${HOW_TO_ADD}`)
    }
    throw error
  }
}
