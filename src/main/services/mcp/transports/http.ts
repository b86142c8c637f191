import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { HttpServer } from '@shared/mcp/server'
import type { Platform } from '../../../platform/Platform'
import { traceContextFetch } from './traceContextFetch'
import { McpServerError } from '../errors'
import type { ConnectTrace } from '../operationTrace'

/** Headers every HTTP request carries: who we are, then the server's own (which win). */
export function requestHeaders(platform: Platform, server: HttpServer): Record<string, string> {
  return {
    'User-Agent': `${platform.appName.replace(/\s+/g, '')}/${platform.appVersion}`,
    'X-Title': platform.appName,
    ...(server.headers ?? {})
  }
}

export function serverUrl(server: HttpServer): URL {
  if (!server.baseUrl) throw new McpServerError(server, 'BAD_CONFIG', 'an HTTP server needs a URL (baseUrl)')
  let url: URL
  try {
    url = new URL(server.baseUrl)
  } catch {
    throw new McpServerError(server, 'BAD_CONFIG', `"${server.baseUrl}" is not a valid URL`)
  }
  // the importer lets "${input:host}" through unchecked: what it became is checked here
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new McpServerError(server, 'BAD_CONFIG', `"${server.baseUrl}" is not an http:// or https:// URL — fix the URL in the server's settings`)
  }
  return url
}

/** Streamable HTTP, through the platform's fetch (Electron's net.fetch or Node's). */
export function createStreamableHttpTransport(
  platform: Platform,
  server: HttpServer,
  authProvider?: OAuthClientProvider,
  authFetch?: typeof fetch,
  trace?: Pick<ConnectTrace, 'traceparent'>
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(serverUrl(server), {
    authProvider,
    // each request tells the server the trace of the operation that sent it
    fetch: traceContextFetch(authFetch ?? platform.fetch, trace),
    requestInit: { headers: requestHeaders(platform, server) }
  })
}

/** Legacy HTTP+SSE; the event stream and the POSTs both go through the platform's fetch. */
export function createSseTransport(
  platform: Platform,
  server: HttpServer,
  authProvider?: OAuthClientProvider,
  authFetch?: typeof fetch,
  trace?: Pick<ConnectTrace, 'traceparent'>
): SSEClientTransport {
  return new SSEClientTransport(serverUrl(server), {
    authProvider,
    // the POSTs carry their operation's trace; the long-lived event stream is no one call's
    fetch: traceContextFetch(authFetch ?? platform.fetch, trace),
    eventSourceInit: { fetch: platform.fetch },
    requestInit: { headers: requestHeaders(platform, server) }
  })
}
