import type { ChatTurnError } from '@shared/chat/conversations'

/** What the user can do about a failed turn, by what failed. */
export type TurnErrorAdvice = 'key' | 'model' | 'refused' | 'context' | 'tools' | 'noModel' | 'other'

/**
 * Main says what failed in English (and the provider's HTTP status); the page turns that into one
 * thing to do, in the user's language, and keeps main's words beneath.
 */
export function turnErrorAdvice(error: ChatTurnError): TurnErrorAdvice {
  if (error.kind === 'tools') return 'tools'
  const text = error.message.toLowerCase()
  if (error.status === 401 || error.status === 403) return 'key'
  if (/context|too long|too many tokens|maximum.*tokens|token limit/.test(text) || error.status === 413) return 'context'
  if (error.status === 404) return 'model'
  if (/connection refused|econnrefused|is it running|cannot connect|cannot find the model provider/.test(text)) return 'refused'
  if (error.kind === 'provider' && error.status === undefined && /no model|no provider|pick a model|add a provider/.test(text)) return 'noModel'
  return 'other'
}
