/**
 * What went wrong at a model provider, as a stable code: the page says what to do in the user's
 * language by it, the English message beneath carries the provider's own words.
 */
export const PROVIDER_ERROR_CODES = [
  /** 401/403: the key is missing, wrong or lacks access */
  'PROVIDER_KEY_REFUSED',
  /** 404: no such model there, or the base URL is wrong */
  'PROVIDER_MODEL_NOT_FOUND',
  /** nothing answers at the base URL (refused, unknown host) */
  'PROVIDER_UNREACHABLE',
  /** the conversation is longer than the model takes */
  'PROVIDER_CONTEXT_TOO_LONG',
  /** 429: too many requests or out of quota */
  'PROVIDER_RATE_LIMITED',
  /** anything else */
  'PROVIDER_FAILED'
] as const
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number]
