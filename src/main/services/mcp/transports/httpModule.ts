import type { HttpServer } from '@shared/mcp/server'
import { describeHttpError, isTimeout } from '../errors'
import { timeoutError, type TransportModule } from './transportModule'

/** Streamable HTTP and SSE, to a URL. */
export const httpModule: TransportModule<HttpServer> = {
  kinds: ['streamableHttp', 'sse', 'httpAuto'],
  async create(kind, server, ctx) {
    // loaded for the first HTTP server only: the SDK's HTTP clients cost a stdio-only CLI start ~40 ms
    const http = await import('./http')
    const transport =
      kind === 'sse'
        ? http.createSseTransport(ctx.platform, server, ctx.authProvider, ctx.authFetch, ctx.trace)
        : http.createStreamableHttpTransport(ctx.platform, server, ctx.authProvider, ctx.authFetch, ctx.trace)
    const label = kind === 'sse' ? 'SSE' : 'Streamable HTTP'
    return {
      kind,
      transport,
      close: () => transport.close().catch(() => undefined),
      explain: (error, timeoutMs) => (isTimeout(error) ? timeoutError(server, timeoutMs, error) : describeHttpError(server, server.baseUrl, label, error))
    }
  }
}
