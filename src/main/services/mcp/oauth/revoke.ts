import type { McpOAuthClientProvider } from './McpOAuthClientProvider'

/**
 * RFC 7009: the refresh and access tokens revoked at the authorization server when it names a
 * revocation endpoint; nothing to do otherwise (the stored copies are deleted either way).
 */
export async function revokeTokens(provider: McpOAuthClientProvider, fetchImpl: typeof fetch): Promise<void> {
  const [tokens, discovery, client] = await Promise.all([provider.tokens(), provider.discoveryState(), provider.clientInformation().catch(() => undefined)])
  // OIDC metadata types lack it; RFC 8414 metadata has it, and both carry it when offered
  const endpoint = (discovery?.authorizationServerMetadata as { revocation_endpoint?: string } | undefined)?.revocation_endpoint
  if (!tokens || !endpoint || !client) return
  const pairs: [string, string][] = [
    ...(tokens.refresh_token ? [[tokens.refresh_token, 'refresh_token'] as [string, string]] : []),
    [tokens.access_token, 'access_token']
  ]
  for (const [token, hint] of pairs) {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id })
    if (client.client_secret) body.set('client_secret', client.client_secret)
    const response = await fetchImpl(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body })
    if (!response.ok) throw new Error(`${endpoint} answered HTTP ${response.status}`)
  }
}
