import { z } from 'zod'

/** Transport kinds we store. Aliases other hosts write are normalized by the config importer. */
export const McpServerTypeSchema = z.enum(['stdio', 'sse', 'streamableHttp', 'inMemory'])
export type McpServerType = z.infer<typeof McpServerTypeSchema>

/** Environment variable names: no `=` (it ends the name) and no NUL (it ends the whole entry). */
export const EnvSchema = z.record(z.string(), z.string()).superRefine((env, ctx) => {
  for (const name of Object.keys(env)) {
    if (!name || /[=\0]/.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'an environment variable name cannot be empty or contain "=" or a NUL character; rename it',
        params: { issue: 'badEnvName' }
      })
    }
  }
})
const HeadersSchema = z.record(z.string(), z.string())

/**
 * OAuth settings of a remote server, all optional: without them the app registers
 * itself (dynamic registration or a client metadata document) and signs in through the browser.
 * `grant` picks a machine-to-machine flow instead: client credentials (a secret or a private key
 * JWT), or cross-app access (SEP-990: an IdP ID token exchanged for a JWT grant).
 */
export const McpOAuthConfigSchema = z.object({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  /**
   * the https URL of this app's client metadata document (CIMD): its client id where the
   * authorization server supports those, instead of registering dynamically
   */
  clientMetadataUrl: z
    .string()
    .refine(isClientMetadataUrl, 'oauth.clientMetadataUrl must be an https URL with a path (the client metadata document), such as https://example.com/mcp-studio.json')
    .optional(),
  /** the loopback port of the sign-in callback; 12346 by default */
  callbackPort: z.number().int().min(0).max(65535).optional(),
  grant: z.enum(['authorization_code', 'client_credentials', 'cross_app_access']).optional(),
  /** client credentials: how the client proves itself at the token endpoint */
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt']).optional(),
  privateKeyPem: z.string().optional(),
  signingAlgorithm: z.string().optional(),
  /** cross-app access: the enterprise IdP, its client id and the user's ID token there */
  idp: z.object({ tokenEndpoint: z.string(), clientId: z.string(), idToken: z.string() }).optional()
})
export type McpOAuthConfig = z.infer<typeof McpOAuthConfigSchema>

/** A client metadata document's URL is its client id: https, with a path (RFC draft, SEP-991). */
export function isClientMetadataUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.pathname !== '/'
  } catch {
    return false
  }
}

/**
 * One configured MCP server, as the renderer stores it and every IPC call carries it.
 * `type` may be absent for a URL server: then Streamable HTTP is tried first, SSE on a 4xx.
 */
export const McpServerSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: McpServerTypeSchema.optional(),
  description: z.string().optional(),
  /** what the list shows instead of the name: a built-in's name says which one it is, so it is renamed here */
  displayName: z.string().max(200).optional(),
  baseUrl: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: EnvSchema.optional(),
  cwd: z.string().optional(),
  headers: HeadersSchema.optional(),
  oauth: McpOAuthConfigSchema.optional(),
  /** env var and header names whose values may be shown (and `user_config.KEY` for an extension's settings its manifest does not call sensitive): every other value of 8+ characters is redacted */
  notSecret: z.array(z.string()).optional(),
  registryUrl: z.string().optional(),
  provider: z.string().optional(),
  providerUrl: z.string().optional(),
  logoUrl: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** seconds; the connect timeout never goes below 180 s, a call's default is 60 s */
  timeout: z.number().positive().optional(),
  longRunning: z.boolean().optional(),
  dxtPath: z.string().optional(),
  dxtVersion: z.string().optional(),
  /** an extension's user_config values; string values are sealed on disk like env values */
  userConfig: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  disabledTools: z.array(z.string()).optional(),
  /** tools a chat may run without asking (the Auto-approve switch turned on; see autoApprove.ts) */
  autoApproveTools: z.array(z.string()).optional(),
  /** tools a chat must ask about (the switch turned off) */
  disabledAutoApproveTools: z.array(z.string()).optional(),
  /** the server's sampling requests are answered by the default model without a dialog (off unless the user turns it on) */
  samplingAutoApprove: z.boolean().optional(),
  /** absolute folder paths offered to the server as roots */
  roots: z.array(z.string()).optional(),
  isActive: z.boolean().default(false),
  /** preset: added from the app's catalogue; registry: from an MCP Registry; both shown before their first start like an import */
  installSource: z.enum(['manual', 'import', 'builtin', 'preset', 'dxt', 'deeplink', 'registry']).optional(),
  reference: z.string().optional()
})

export type McpServer = z.infer<typeof McpServerSchema>

/**
 * What an update may change: any field but the id, each optional. isActive is redeclared without
 * its default, or zod would fill a change that does not mention it with `false`.
 */
export const McpServerChangesSchema = McpServerSchema.omit({ id: true }).partial().extend({ isActive: z.boolean().optional() })
/** What a caller may hand in: defaults (isActive) not yet applied. */
export type McpServerInput = z.input<typeof McpServerSchema>
