import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import { z } from 'zod'

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange'
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag'
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token'

const ExchangeAnswer = z.object({ access_token: z.string(), issued_token_type: z.string().optional() })

/**
 * Cross-app access (SEP-990, enterprise-managed authorization): the user's ID token at the
 * enterprise IdP is exchanged there (RFC 8693) for an identity assertion grant (ID-JAG) aimed at
 * the MCP server's authorization server, which then takes it as a JWT bearer grant (RFC 7523).
 * No browser: the enterprise already knows the user. Returns the second request's parameters;
 * the SDK posts them with the client's own authentication.
 */
export async function crossAppAccessRequest(
  idp: { tokenEndpoint: string; clientId: string; idToken: string },
  discovery: OAuthDiscoveryState | undefined,
  scope: string | undefined,
  fetchImpl: typeof fetch
): Promise<URLSearchParams> {
  const audience = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl
  const resource = discovery?.resourceMetadata?.resource
  if (!audience) throw new Error('cross-app access: the authorization server was not discovered')
  const exchange = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    audience: String(audience),
    subject_token: idp.idToken,
    subject_token_type: ID_TOKEN,
    client_id: idp.clientId
  })
  if (resource) exchange.set('resource', String(resource))
  if (scope) exchange.set('scope', scope)
  const response = await fetchImpl(idp.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: exchange
  })
  if (!response.ok) throw new Error(`cross-app access: the IdP refused the token exchange (HTTP ${response.status}): ${(await response.text()).slice(0, 300)}`)
  const { access_token: assertion } = ExchangeAnswer.parse(await response.json())
  const grant = new URLSearchParams({ grant_type: JWT_BEARER, assertion })
  if (scope) grant.set('scope', scope)
  return grant
}
