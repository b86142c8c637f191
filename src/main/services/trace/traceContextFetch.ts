import { traceContextMeta } from './spanContext'

/**
 * A fetch whose requests carry the running span's W3C trace context as headers (`traceparent`,
 * `tracestate`; issue 12 item 5): a remote server that traces joins the trace of the call that
 * sent it. Without a running span, or where a header is set already, it changes nothing.
 */
export function traceContextFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const context = traceContextMeta()
    if (!context.traceparent) return inner(input, init)
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    for (const [name, value] of Object.entries(context)) if (!headers.has(name)) headers.set(name, value)
    return inner(input, { ...init, headers })
  }
}
