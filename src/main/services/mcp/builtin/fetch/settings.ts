import { z } from 'zod'

export interface FetchSettings {
  /** FETCH_ALLOW_PRIVATE=1: loopback and private addresses may be fetched too */
  allowPrivate: boolean
  /** the whole fetch, redirects and body included */
  timeoutMs: number
  /** the decoded body; reading stops as soon as it is over */
  maxBytes: number
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
export const MAX_REDIRECTS = 5

const flag = z
  .enum(['1', 'true', '0', 'false', ''], { message: 'must be 1 (allow) or 0 (refuse)' })
  .transform((v) => v === '1' || v === 'true')

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

const EnvSchema = z.object({
  FETCH_ALLOW_PRIVATE: flag.optional(),
  FETCH_TIMEOUT_MS: wholeNumber(1, 600_000).optional(),
  FETCH_MAX_BYTES: wholeNumber(1, 100 * 1024 * 1024).optional()
})

/** The server's env as settings; a bad value is an error naming the variable, so the server does not start on a guess. */
export function fetchSettings(env: Record<string, string> | undefined): FetchSettings {
  const parsed = EnvSchema.safeParse({
    FETCH_ALLOW_PRIVATE: env?.FETCH_ALLOW_PRIVATE?.trim().toLowerCase(),
    FETCH_TIMEOUT_MS: env?.FETCH_TIMEOUT_MS,
    FETCH_MAX_BYTES: env?.FETCH_MAX_BYTES
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`@studio/fetch: ${String(issue.path[0])} ${issue.message}; fix it in this server's env`)
  }
  const data = parsed.data
  return {
    allowPrivate: data.FETCH_ALLOW_PRIVATE ?? false,
    timeoutMs: data.FETCH_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
    maxBytes: data.FETCH_MAX_BYTES ?? DEFAULT_MAX_BYTES
  }
}
