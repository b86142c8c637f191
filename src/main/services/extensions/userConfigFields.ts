import { MASKED_VALUE, type UserConfigField, type UserConfigValue, type UserConfigValues } from '@shared/mcp/extensions'
import { ExtensionError } from './extensionError'
import type { Manifest } from './manifest'

/** The manifest's user_config as the install form shows it. */
export function userConfigFields(manifest: Pick<Manifest, 'user_config'>): Record<string, UserConfigField> {
  const fields: Record<string, UserConfigField> = {}
  for (const [key, option] of Object.entries(manifest.user_config ?? {})) {
    const { type, title, description, required, default: value, multiple, sensitive, min, max } = option
    fields[key] = { type, title, description, required, default: value, multiple, sensitive, min, max }
  }
  return fields
}

const label = (key: string, field: UserConfigField) => `"${field.title}" (user_config.${key})`
const isEmpty = (value: UserConfigValue | undefined) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/**
 * The user's values checked against the fields: no unknown key, each of its field's type (a list
 * only where the field takes several), numbers inside min/max. Empty values are dropped, so a
 * default applies to them. Throws BAD_CONFIG naming the field.
 */
export function checkUserConfig(fields: Record<string, UserConfigField>, values: UserConfigValues): UserConfigValues {
  const checked: UserConfigValues = {}
  for (const [key, value] of Object.entries(values)) {
    const field = fields[key]
    if (!field) {
      const known = Object.keys(fields)
      throw new ExtensionError('BAD_CONFIG', `user_config.${key} is not a setting of this extension` + (known.length ? ` (its settings: ${known.join(', ')})` : ' (it has none)'))
    }
    if (isEmpty(value)) continue
    checked[key] = checkValue(key, field, value)
  }
  return checked
}

function checkValue(key: string, field: UserConfigField, value: UserConfigValue): UserConfigValue {
  const wrong = (what: string) => new ExtensionError('BAD_CONFIG', `${label(key, field)} ${what}`)
  if (field.type === 'number') {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    if (typeof n !== 'number' || !Number.isFinite(n)) throw wrong(`must be a number, got ${JSON.stringify(value)}`)
    if (field.min !== undefined && n < field.min) throw wrong(`must be at least ${field.min}, got ${n}`)
    if (field.max !== undefined && n > field.max) throw wrong(`must be at most ${field.max}, got ${n}`)
    return n
  }
  if (field.type === 'boolean') {
    if (typeof value === 'boolean') return value
    if (value === 'true' || value === 'false') return value === 'true'
    throw wrong(`must be true or false, got ${JSON.stringify(value)}`)
  }
  if (Array.isArray(value)) {
    if (!field.multiple) throw wrong('takes one value, not a list')
    if (value.some((item) => item.includes('\0'))) throw wrong('contains a NUL character')
    return value
  }
  if (typeof value !== 'string') throw wrong(`must be text, got ${JSON.stringify(value)}`)
  if (value.includes('\0')) throw wrong('contains a NUL character')
  // one path given where several may be: a list of one
  return field.multiple && (field.type === 'directory' || field.type === 'file') ? [value] : value
}

/** The required fields that have neither a value nor a default. */
export function missingRequired(fields: Record<string, UserConfigField>, values: UserConfigValues): string[] {
  return Object.entries(fields)
    .filter(([key, field]) => field.required && isEmpty(values[key]) && isEmpty(field.default))
    .map(([key]) => key)
}

/** MISSING_CONFIG naming each setting that needs a value, by title and key. */
export function missingConfigError(fields: Record<string, UserConfigField>, keys: string[], what: string): ExtensionError {
  const names = keys.map((key) => label(key, fields[key]))
  return new ExtensionError('MISSING_CONFIG', `${what} needs a value for ${names.join(', ')}`, keys)
}

/** Values as the window may see them: sensitive ones masked. */
export function maskedValues(fields: Record<string, UserConfigField>, values: UserConfigValues): UserConfigValues {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, fields[key]?.sensitive && !isEmpty(value) ? MASKED_VALUE : value]))
}

/** New values from the window: a masked value sent back unchanged keeps the stored one. */
export function unmaskValues(fields: Record<string, UserConfigField>, values: UserConfigValues, stored: UserConfigValues): UserConfigValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, fields[key]?.sensitive && value === MASKED_VALUE && stored[key] !== undefined ? stored[key] : value])
  )
}

/** The literal values of sensitive fields: scrubbed from logs, errors and traces. */
export function sensitiveValues(fields: Record<string, UserConfigField>, values: UserConfigValues): string[] {
  return Object.entries(values)
    .filter(([key]) => fields[key]?.sensitive)
    .flatMap(([, value]) => (Array.isArray(value) ? value : [String(value)]))
    .filter((value) => value.length >= 4)
}
