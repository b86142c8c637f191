import type { McpServer } from '@shared/mcp/server'

/**
 * What the OAuth code tells about a sign-in as it goes (discovery, registration, the browser, the
 * callback, the token exchange …), for tracing to record. No OpenTelemetry here: tracing supplies
 * it. Attributes never hold tokens, codes, verifiers or client secrets, and URLs go without their
 * query (`urlWithoutQuery`).
 */
export interface SignInSteps {
  /** the steps land on the user's sign-in while one runs (`MCPService.signIn`), else on the connect doing it */
  step(server: McpServer, name: SignInStep, attributes?: Record<string, string | number | boolean>): void
}

export type SignInStep =
  | 'discovery'
  | 'registration'
  /** the browser asked to open the authorization page */
  | 'authorization'
  | 'callback'
  | 'token.exchange'
  | 'token.refresh'
  | 'token.grant'
  | 'step-up'

/** The URL as a place (scheme, host, path): a query may carry a state, a code or a challenge. */
export function urlWithoutQuery(url: string | URL): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return ''
  }
}
