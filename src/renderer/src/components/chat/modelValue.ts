import type { ModelRef } from '@shared/chat/providers'

// a provider id never holds a newline, so the pair survives as one Select value
const SEP = '\n'

export const modelValue = (ref: ModelRef): string => `${ref.providerId}${SEP}${ref.model}`

export function modelRef(value: string): ModelRef {
  const at = value.indexOf(SEP)
  return { providerId: value.slice(0, at), model: value.slice(at + 1) }
}
