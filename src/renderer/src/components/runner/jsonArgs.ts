/** What "Edit as JSON" accepts: one JSON object. The error names the i18n key to show. */
export type JsonArgsResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: { key: 'runner.jsonInvalid' | 'runner.jsonNotObject'; message: string } }

export function parseJsonArgs(text: string): JsonArgsResult {
  if (text.trim() === '') return { ok: true, value: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: { key: 'runner.jsonInvalid', message: (error as Error).message } }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: { key: 'runner.jsonNotObject', message: '' } }
  }
  return { ok: true, value: value as Record<string, unknown> }
}
