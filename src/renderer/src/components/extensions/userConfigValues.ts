import type { UserConfigField, UserConfigValue, UserConfigValues } from '@shared/mcp/extensions'

/** What the form holds for one field: text, a number, a switch, or a list of paths. */
export type FormValue = string | number | boolean | string[] | null | undefined

/**
 * The form's first values: stored ones when editing, else a literal default for a switch (it must
 * show on or off). Text defaults stay placeholders: a default such as `${HOME}/notes` is filled in
 * by main at start, and sent back as typed text it would not be.
 */
export function initialFormValues(fields: Record<string, UserConfigField>, stored: UserConfigValues = {}): Record<string, FormValue> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => {
      const value = stored[key]
      if (value !== undefined) return [key, field.multiple && !Array.isArray(value) ? [String(value)] : value]
      if (field.type === 'boolean') return [key, typeof field.default === 'boolean' ? field.default : field.default === 'true']
      return [key, field.multiple ? [] : undefined]
    })
  )
}

/** The form's values as extensions:install takes them; an empty one is left out, so its default applies. */
export function toUserConfig(fields: Record<string, UserConfigField>, form: Record<string, FormValue>): UserConfigValues {
  const values: UserConfigValues = {}
  for (const key of Object.keys(fields)) {
    const value = form[key]
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && value.trim() === '') continue
    if (Array.isArray(value)) {
      const items = value.map((item) => item.trim()).filter(Boolean)
      if (items.length) values[key] = items
      continue
    }
    values[key] = value as UserConfigValue
  }
  return values
}

/** A default as the form shows it: a hint, never a value. */
export function defaultText(field: UserConfigField): string | undefined {
  if (field.default === undefined || field.default === '') return undefined
  return Array.isArray(field.default) ? field.default.join(', ') : String(field.default)
}
