/**
 * The client the official MCP conformance suite runs (`npm run test:conformance`): the suite
 * starts a scenario server and runs `<this> <server-url>` with MCP_CONFORMANCE_SCENARIO (and for
 * some scenarios MCP_CONFORMANCE_CONTEXT: credentials) in the environment. Everything goes
 * through the app's own MCPService, OAuth provider and callback server; the browser step is the
 * headless redirect follower (the suite's authorization servers approve at once). What a scenario
 * configures is what a user would put in the server's `oauth` settings.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { McpOAuthConfig, McpServer } from '@shared/mcp/server'
import { createNodePlatform } from '../../src/main/platform/nodePlatform'
import { MCPService } from '../../src/main/services/mcp/MCPService'
import { redirectFollower } from '../../src/main/services/mcp/oauth/browser'

const Context = z.looseObject({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  private_key_pem: z.string().optional(),
  signing_algorithm: z.string().optional(),
  idp_client_id: z.string().optional(),
  idp_id_token: z.string().optional(),
  idp_token_endpoint: z.string().optional()
})

/** The suite's own example client names this document URL; its servers accept it for CIMD. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'

/** Arguments for the tools the scenarios offer; any other tool is called without any. */
const TOOL_ARGS: Record<string, Record<string, unknown>> = { add_numbers: { a: 5, b: 3 } }

function oauthFor(scenario: string, raw: string | undefined): McpOAuthConfig {
  const ctx = Context.parse(raw ? JSON.parse(raw) : {})
  // port 0: the suite runs scenarios in parallel, each its own callback port
  const base: McpOAuthConfig = { callbackPort: 0 }
  switch (scenario) {
    case 'auth/client-credentials-jwt':
      return {
        ...base,
        grant: 'client_credentials',
        clientId: ctx.client_id,
        tokenEndpointAuthMethod: 'private_key_jwt',
        privateKeyPem: ctx.private_key_pem,
        signingAlgorithm: ctx.signing_algorithm
      }
    case 'auth/client-credentials-basic':
      return { ...base, grant: 'client_credentials', clientId: ctx.client_id, clientSecret: ctx.client_secret, tokenEndpointAuthMethod: 'client_secret_basic' }
    case 'auth/pre-registration':
      return { ...base, clientId: ctx.client_id, clientSecret: ctx.client_secret }
    case 'auth/cross-app-access-complete-flow':
      return {
        ...base,
        grant: 'cross_app_access',
        clientId: ctx.client_id,
        clientSecret: ctx.client_secret,
        tokenEndpointAuthMethod: 'client_secret_basic',
        idp: { tokenEndpoint: ctx.idp_token_endpoint ?? '', clientId: ctx.idp_client_id ?? '', idToken: ctx.idp_id_token ?? '' }
      }
    default:
      return base
  }
}

async function main(): Promise<void> {
  const url = process.argv.at(-1)
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  if (!url || !/^https?:/.test(url)) throw new Error('usage: client <server-url> (MCP_CONFORMANCE_SCENARIO set by the suite)')
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'))
  const service = new MCPService({
    platform: createNodePlatform({ userDataDir: dir }),
    connectTimeoutFloorMs: 20_000,
    oauth: { interactive: true, open: redirectFollower(), clientMetadataUrl: CLIENT_METADATA_URL }
  })
  // form elicitations are accepted empty: the SDK fills in the schema's defaults
  service.events.on('elicitation-request', (event) => {
    service.respondElicitation({ requestId: event.requestId, response: { action: 'accept', content: {} } })
  })
  const server: McpServer = {
    id: 'conformance',
    name: 'conformance',
    type: 'streamableHttp',
    baseUrl: url,
    isActive: true,
    oauth: oauthFor(scenario, process.env.MCP_CONFORMANCE_CONTEXT)
  }
  try {
    const tools = await service.listTools(server)
    for (const tool of tools) {
      const result = await service.callTool({ server, name: tool.name, args: TOOL_ARGS[tool.name] ?? {} })
      if (result.isError) console.error(`${tool.name}: ${JSON.stringify(result.content)}`)
    }
    // sse-retry: the server closes a stream and times the reconnect; stay long enough to be seen
    if (scenario === 'sse-retry') await new Promise((resolve) => setTimeout(resolve, 3000))
  } finally {
    await service.closeAll()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
