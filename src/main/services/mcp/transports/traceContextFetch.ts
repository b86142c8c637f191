/**
 * A fetch whose requests carry a W3C `traceparent` header, so a remote server
 * that traces joins the trace of the operation that sent it: a tool call's own, from its
 * request's `_meta`; any other request the one `current` names (a connect's, while it runs).
 * Without either, or where the header is set already, it changes nothing.
 */
export function traceContextFetch(inner: typeof fetch, current?: { traceparent(): string | undefined }): typeof fetch {
  if (!current) return inner
  return (input, init) => {
    const traceparent = fromMeta(init?.body) ?? current.traceparent()
    if (!traceparent) return inner(input, init)
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    if (!headers.has('traceparent')) headers.set('traceparent', traceparent)
    return inner(input, { ...init, headers })
  }
}

/** The traceparent a JSON-RPC request's params carry in `_meta` (a tool call's), if any. */
function fromMeta(body: unknown): string | undefined {
  if (typeof body !== 'string' || !body.includes('"traceparent"')) return undefined
  try {
    const message = JSON.parse(body) as { params?: { _meta?: { traceparent?: unknown } } }
    const value = message.params?._meta?.traceparent
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
