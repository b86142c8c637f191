/** How long a refresh's answer is given to requests that raced it with the same refresh token. */
const REUSE_MS = 30_000

interface Answer {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

/**
 * Requests that meet a 401 together (the lists a window asks for at once, the SSE stream beside a
 * call) each run the SDK's auth(), and each posts the same refresh token. The authorization
 * server rotates it, so all but the first are refused with invalid_grant, and the SDK then drops
 * the tokens the first one just saved: a sign-in nobody needed. So refreshes with one token share
 * one request, and its answer is handed to any that arrive shortly after.
 */
export function refreshOnce(fetchImpl: typeof fetch): typeof fetch {
  const answers = new Map<string, Promise<Answer>>()
  return async (input, init) => {
    const token = refreshTokenOf(init?.body)
    if (!token) return fetchImpl(input, init)
    let answer = answers.get(token)
    if (!answer) {
      answer = fetchImpl(input, init).then(async (response) => ({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.text()
      }))
      answers.set(token, answer)
      const forget = () => answers.delete(token)
      answer.then(() => setTimeout(forget, REUSE_MS).unref(), forget)
    }
    const { status, statusText, headers, body } = await answer
    return new Response(body, { status, statusText, headers })
  }
}

function refreshTokenOf(body: unknown): string | undefined {
  const params = body instanceof URLSearchParams ? body : typeof body === 'string' ? new URLSearchParams(body) : undefined
  return params?.get('grant_type') === 'refresh_token' ? (params.get('refresh_token') ?? undefined) : undefined
}
