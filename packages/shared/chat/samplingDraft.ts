import type { ModelRef, ProviderView } from './providers'

/** What `chat:draft-sampling` gives: the reply the model wrote (or as far as it got before Stop) and the model's id. */
export interface SamplingDraft {
  text: string
  model: string
  /** the user pressed Stop: `text` is what had arrived by then */
  stopped?: boolean
}

/** The draft so far, while the model writes it (`chat:sampling-draft`, throttled). */
export interface SamplingDraftEvent {
  requestId: string
  text: string
}

/**
 * The configured model a server's `modelPreferences.hints` name: each hint in order, matched
 * case-insensitively as a part of a model's id (hint "claude-3-sonnet" matches
 * "anthropic/claude-3-sonnet-20240229"); none matching, undefined (the caller takes the default).
 */
export function modelForHints(hints: readonly { name?: string }[] | undefined, providers: readonly Pick<ProviderView, 'id' | 'models' | 'problem'>[]): ModelRef | undefined {
  for (const hint of hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase()
    if (!wanted) continue
    for (const provider of providers) {
      if (provider.problem) continue
      const model = provider.models.find((m) => m.toLowerCase().includes(wanted))
      if (model) return { providerId: provider.id, model }
    }
  }
  return undefined
}
