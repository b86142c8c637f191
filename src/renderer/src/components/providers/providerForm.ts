import { DEFAULT_BASE_URL, MASKED_VALUE, PROVIDER_PRESETS, ProviderInputSchema, type ProviderInput, type ProviderKind, type ProviderPreset, type ProviderView } from '@shared/chat/providers'

/** What the provider dialog holds. */
export interface ProviderFormValues {
  kind: ProviderKind
  name: string
  baseUrl: string
  apiKey: string
  models: string[]
  defaultModel?: string
}

/** The fields a message can be about, in the order they appear. */
export const PROVIDER_FIELDS = ['name', 'baseUrl', 'apiKey', 'models', 'defaultModel'] as const
export type ProviderField = (typeof PROVIDER_FIELDS)[number]

export const CUSTOM_PRESET = 'custom'

export function presetById(id: string): ProviderPreset | undefined {
  return PROVIDER_PRESETS.find((preset) => preset.id === id)
}

/** The preset whose address a provider uses (for its icon and the "no key needed" hint), if any. */
export function presetOf(baseUrl: string): ProviderPreset | undefined {
  const plain = baseUrl.replace(/\/+$/, '')
  return PROVIDER_PRESETS.find((preset) => preset.baseUrl === plain)
}

export function emptyForm(): ProviderFormValues {
  return { kind: 'openai-compatible', name: '', baseUrl: '', apiKey: '', models: [] }
}

/** A saved provider in the dialog: its key is never sent to the window, so a set one shows masked ("unchanged"). */
export function formOf(provider: ProviderView): ProviderFormValues {
  return {
    kind: provider.kind,
    name: provider.name,
    baseUrl: provider.baseUrl,
    apiKey: provider.hasKey ? MASKED_VALUE : '',
    models: [...provider.models],
    defaultModel: provider.defaultModel
  }
}

/** The dialog's values as main takes them; `id` for an edit. An empty key is none; the masked one keeps the stored key. */
export function inputOf(values: ProviderFormValues, id?: string): ProviderInput {
  const models = [...new Set(values.models.map((m) => m.trim()).filter(Boolean))]
  const defaultModel = values.defaultModel?.trim() || undefined
  return {
    ...(id ? { id } : {}),
    name: values.name,
    kind: values.kind,
    baseUrl: values.baseUrl,
    ...(values.apiKey ? { apiKey: values.apiKey } : {}),
    models,
    ...(defaultModel ? { defaultModel } : {})
  }
}

/** Which fields the contract's schema refuses, first problem per field. */
export function invalidFields(input: ProviderInput): ProviderField[] {
  const parsed = ProviderInputSchema.safeParse(input)
  if (parsed.success) return []
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter((key): key is ProviderField => PROVIDER_FIELDS.includes(key as ProviderField)))
  return PROVIDER_FIELDS.filter((field) => fields.has(field))
}

/**
 * What main's refusal says of each field. Main checks the same schema and more (a masked key
 * with none saved) and says each problem as `field: what to do` (`apiKey: enter the key …`), so
 * its words go under the field they are about, not only at the foot of the dialog.
 */
export function fieldMessagesIn(message: string): Partial<Record<ProviderField, string>> {
  const found: Partial<Record<ProviderField, string>> = {}
  const pattern = new RegExp(`(?:^|[\\s;:(])(?:draft\\.)?(${PROVIDER_FIELDS.join('|')})(?:\\.\\d+)?: ([^;]+)`, 'g')
  for (const [, field, text] of message.matchAll(pattern)) found[field as ProviderField] ??= text.trim()
  return found
}

/**
 * The base URL after the kind changed: an empty one, or one the user did not type (the last
 * kind's default or a preset's), becomes the new kind's default; a typed one stays.
 */
export function baseUrlForKind(kind: ProviderKind, baseUrl: string): string {
  const plain = baseUrl.trim().replace(/\/+$/, '')
  const untouched = !plain || Object.values(DEFAULT_BASE_URL).includes(plain) || PROVIDER_PRESETS.some((p) => p.baseUrl === plain)
  return untouched ? DEFAULT_BASE_URL[kind] : baseUrl
}
