import type { ChatProvider } from '../main/services/chat/providers'
import type { ChatCommand } from './args'
import { usageError } from './errors'

const HOW_TO_ADD =
  'pass --base-url URL (its key in --api-key-env NAME or OPENAI_API_KEY), or set OPENAI_BASE_URL and OPENAI_API_KEY; ' +
  'e.g. --base-url https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for Ollama'

/** The endpoint of this run: from the command line, else from the environment, else a usage error saying how to give one. */
export function resolveChatProvider(command: Pick<ChatCommand, 'baseUrl' | 'apiKeyEnv' | 'model'>, env: NodeJS.ProcessEnv = process.env): ChatProvider {
  if (command.apiKeyEnv !== undefined && !command.baseUrl) throw usageError('--api-key-env goes with --base-url')
  const baseUrl = command.baseUrl ?? env.OPENAI_BASE_URL
  if (!baseUrl) throw usageError(`no model provider: ${HOW_TO_ADD}`)
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
