import { APICallError, RetryError } from 'ai'
import type { ProviderErrorCode } from '@shared/chat/providerErrors'
import type { ProviderKind } from '@shared/chat/providers'
import { providerErrorCode, providerErrorText } from './providerErrorBody'
import type { ChatProvider } from './providers'

export type { ProviderErrorCode }

/** A failure of the model provider, said so a user knows what to change, with a stable code. */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode
  constructor(
    message: string,
    readonly status?: number,
    code?: ProviderErrorCode
  ) {
    super(message)
    this.name = 'ProviderError'
    this.code = code ?? 'PROVIDER_FAILED'
  }
}

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    const errors = (e as { errors?: unknown[] }).errors
    if (Array.isArray(errors) && errors.length) return causeCode(errors[0])
  }
  return undefined
}

/** Where the key of each kind comes from on the command line. */
const KEY_HINT: Record<ProviderKind, string> = {
  'openai-compatible': '--api-key-env NAME or OPENAI_API_KEY',
  anthropic: 'the key saved in the app, or ANTHROPIC_API_KEY',
  google: 'the key saved in the app, or GOOGLE_GENERATIVE_AI_API_KEY / GEMINI_API_KEY'
}
const BASE_HINT: Record<ProviderKind, string> = { 'openai-compatible': 'it usually ends in /v1', anthropic: 'it usually ends in /v1', google: 'it usually ends in /v1beta' }

type Where = Pick<ChatProvider, 'baseUrl' | 'model'> & { kind?: ProviderKind }

/**
 * The provider's error, plainly and with its code: the key (401/403), the model (404), the
 * endpoint itself (refused), the context, the rate limit; Anthropic's and Gemini's error bodies
 * say which too.
 */
export function providerFailure(error: unknown, provider: Where): ProviderError {
  if (error instanceof ProviderError) return error
  if (RetryError.isInstance(error)) return providerFailure(error.lastError, provider)
  const status = APICallError.isInstance(error) ? error.statusCode : (error as { statusCode?: number } | undefined)?.statusCode
  const body = (error as { responseBody?: string } | undefined)?.responseBody
  const kind = provider.kind ?? 'openai-compatible'
  const where = provider.baseUrl
  const networkCode = status === undefined ? causeCode(error) : undefined
  const code = providerErrorCode({ status, body, networkCode, message: error instanceof Error ? error.message : undefined })
  const said = body ? providerErrorText(body) : undefined
  const detail = said ? `: ${said.slice(0, 300)}` : body ? `: ${body.slice(0, 300)}` : ''
  const fail = (message: string) => new ProviderError(message, status, code)
  switch (code) {
    case 'PROVIDER_KEY_REFUSED':
      return fail(`the model provider at ${where} refused the API key (${status ?? 'invalid key'}); check the provider's API key (on the command line: ${KEY_HINT[kind]})${detail}`)
    case 'PROVIDER_MODEL_NOT_FOUND':
      return fail(`the model provider at ${where} answered 404: no model "${provider.model ?? ''}" there, or the base URL is wrong (${BASE_HINT[kind]})${detail}`)
    case 'PROVIDER_CONTEXT_TOO_LONG':
      return fail(`the conversation is too long for the model "${provider.model ?? ''}" at ${where}${status ? ` (${status})` : ''}: start a new chat or pick a model with a larger context${detail}`)
    case 'PROVIDER_RATE_LIMITED':
      return fail(`the model provider at ${where} is rate-limiting requests (${status ?? 429}): wait a moment and retry, or check the account's quota${detail}`)
    case 'PROVIDER_UNREACHABLE':
      if (networkCode === 'ENOTFOUND' || networkCode === 'EAI_AGAIN') return fail(`cannot find the model provider's host ${where} (${networkCode})`)
      return fail(`cannot connect to the model provider at ${where} (connection refused): is it running?`)
  }
  if (status !== undefined) return fail(`the model provider at ${where} answered ${status}${detail}`)
  const message = error instanceof Error ? error.message : String(error)
  return fail(`the model provider at ${where} failed: ${message}${networkCode ? ` (${networkCode})` : ''}`)
}
