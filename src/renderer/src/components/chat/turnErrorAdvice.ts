import type { ChatTurnError } from '@shared/chat/conversations'
import type { ProviderErrorCode } from '@shared/chat/providerErrors'

/** What the user can do about a failed turn, by what failed. */
export type TurnErrorAdvice = 'key' | 'model' | 'refused' | 'context' | 'rateLimited' | 'tools' | 'noModel' | 'other'

const BY_CODE: Record<ProviderErrorCode, TurnErrorAdvice> = {
  PROVIDER_KEY_REFUSED: 'key',
  PROVIDER_MODEL_NOT_FOUND: 'model',
  PROVIDER_UNREACHABLE: 'refused',
  PROVIDER_CONTEXT_TOO_LONG: 'context',
  PROVIDER_RATE_LIMITED: 'rateLimited',
  PROVIDER_FAILED: 'other'
}

/**
 * Main says what failed with a stable code (and in English, with the provider's HTTP status);
 * the page turns that into one thing to do, in the user's language, and keeps main's words
 * beneath. A turn stored before codes existed is read from its status and words.
 */
export function turnErrorAdvice(error: ChatTurnError): TurnErrorAdvice {
  if (error.kind === 'tools') return 'tools'
  if (error.code) return BY_CODE[error.code] ?? 'other'
  const text = error.message.toLowerCase()
  if (error.status === 401 || error.status === 403) return 'key'
  if (/context|too long|too many tokens|maximum.*tokens|token limit/.test(text) || error.status === 413) return 'context'
  if (error.status === 404) return 'model'
  if (error.status === 429) return 'rateLimited'
  if (/connection refused|econnrefused|is it running|cannot connect|cannot find the model provider/.test(text)) return 'refused'
  if (error.kind === 'provider' && error.status === undefined && /no model|no provider|pick a model|add a provider/.test(text)) return 'noModel'
  return 'other'
}
