import { APICallError, RetryError } from 'ai'
import type { ChatProvider } from './providers'

/** A failure of the model provider, said so a user knows what to change. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number
  ) {
    super(message)
    this.name = 'ProviderError'
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

/** The provider's error, plainly: 401 is the key, 404 the model (or the URL), a refused connection the endpoint itself. */
export function providerFailure(error: unknown, provider: Pick<ChatProvider, 'baseUrl' | 'model'>): ProviderError {
  if (error instanceof ProviderError) return error
  if (RetryError.isInstance(error)) return providerFailure(error.lastError, provider)
  const status = APICallError.isInstance(error) ? error.statusCode : (error as { statusCode?: number } | undefined)?.statusCode
  const body = (error as { responseBody?: string } | undefined)?.responseBody
  const detail = body ? `: ${body.slice(0, 300)}` : ''
  const where = provider.baseUrl
  if (status === 401 || status === 403) {
    return new ProviderError(`the model provider at ${where} refused the API key (${status}); check the provider's API key (on the command line: --api-key-env NAME or OPENAI_API_KEY)${detail}`, status)
  }
  if (status === 404) {
    return new ProviderError(`the model provider at ${where} answered 404: no model "${provider.model ?? ''}" there, or the base URL is wrong (it usually ends in /v1)${detail}`, status)
  }
  if (status !== undefined) return new ProviderError(`the model provider at ${where} answered ${status}${detail}`, status)
  const code = causeCode(error)
  if (code === 'ECONNREFUSED') return new ProviderError(`cannot connect to the model provider at ${where} (connection refused): is it running?`)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ProviderError(`cannot find the model provider's host ${where} (${code})`)
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError(`the model provider at ${where} failed: ${message}${code ? ` (${code})` : ''}`)
}
