import type { ProviderErrorCode } from '@shared/chat/providerErrors'

/**
 * The error bodies of the three provider kinds, read for what they say:
 * OpenAI-compatible `{error:{message,code,type}}`, Anthropic `{type:'error',error:{type,message}}`,
 * Gemini `{error:{code,message,status,details:[{reason}]}}`.
 */
interface ErrorBody {
  message?: string
  /** Anthropic's `error.type`, OpenAI's `error.code`/`type`, Gemini's `status` and `details[].reason` */
  labels: string[]
}

function readBody(body: string | undefined): ErrorBody | undefined {
  if (!body) return undefined
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { message: body, labels: [] }
  }
  // Gemini's streaming endpoint may wrap the error in an array
  const root = (Array.isArray(json) ? json[0] : json) as { error?: unknown; message?: unknown } | null
  const error = (root && typeof root.error === 'object' ? root.error : root) as Record<string, unknown> | null
  if (!error) return undefined
  const labels: string[] = []
  for (const key of ['type', 'code', 'status']) if (typeof error[key] === 'string') labels.push(error[key])
  if (Array.isArray(error.details)) {
    for (const d of error.details as { reason?: unknown }[]) if (typeof d?.reason === 'string') labels.push(d.reason)
  }
  const message = typeof error.message === 'string' ? error.message : typeof root?.message === 'string' ? root.message : undefined
  return { message, labels }
}

/** The provider's own sentence from its error body, when it has one. */
export function providerErrorText(body: string): string | undefined {
  const read = readBody(body)
  if (!read?.message) return undefined
  const labels = read.labels.filter((l) => l !== 'error')
  return labels.length ? `${read.message} (${labels.join(', ')})` : read.message
}

const CONTEXT = /context[_ ]length|context window|too long|too many tokens|maximum context|exceeds the maximum number of tokens|input token count|request_too_large/i
const KEY_LABELS = new Set(['authentication_error', 'permission_error', 'invalid_api_key', 'API_KEY_INVALID', 'UNAUTHENTICATED', 'PERMISSION_DENIED'])
const NOT_FOUND_LABELS = new Set(['not_found_error', 'model_not_found', 'NOT_FOUND'])
const RATE_LABELS = new Set(['rate_limit_error', 'rate_limit_exceeded', 'RESOURCE_EXHAUSTED', 'insufficient_quota'])

/** Which failure it was, from the HTTP status, the body's labels and words, or the network error. */
export function providerErrorCode(failure: { status?: number; body?: string; networkCode?: string; message?: string }): ProviderErrorCode {
  const { status, networkCode } = failure
  if (status === undefined) {
    if (networkCode === 'ECONNREFUSED' || networkCode === 'ENOTFOUND' || networkCode === 'EAI_AGAIN' || networkCode === 'ECONNRESET') return 'PROVIDER_UNREACHABLE'
    return 'PROVIDER_FAILED'
  }
  const read = readBody(failure.body)
  const labels = read?.labels ?? []
  const words = `${read?.message ?? ''} ${failure.message ?? ''}`
  if (status === 401 || status === 403 || labels.some((l) => KEY_LABELS.has(l))) return 'PROVIDER_KEY_REFUSED'
  if (status === 413 || labels.includes('context_length_exceeded') || CONTEXT.test(words)) return 'PROVIDER_CONTEXT_TOO_LONG'
  if (status === 404 || labels.some((l) => NOT_FOUND_LABELS.has(l))) return 'PROVIDER_MODEL_NOT_FOUND'
  if (status === 429 || labels.some((l) => RATE_LABELS.has(l))) return 'PROVIDER_RATE_LIMITED'
  return 'PROVIDER_FAILED'
}
