/** Parsed JSON not validated yet: what the file edges inspect before zod (or instead of it, for broken entries). */
export type Loose = Record<string, unknown>

/** A plain JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value)
