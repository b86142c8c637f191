import { z } from 'zod'

/**
 * The one kind union: what a server runs and how it is reached. `httpAuto` is a URL with no
 * protocol given: Streamable HTTP is tried first, SSE on a 4xx. Aliases other hosts write are
 * normalized by the config importer.
 */
export const McpServerTypeSchema = z.enum(['stdio', 'streamableHttp', 'sse', 'httpAuto', 'inMemory'])
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

/** A launch field of the editor's General tab; the tab knows how to draw each one. */
export type LaunchFormField = 'command' | 'args' | 'env' | 'cwd' | 'registryUrl' | 'baseUrl' | 'headers'

/**
 * What the editor shows and asks for one kind of server. It lives here, beside the kind union and
 * its variants, because the renderer cannot import main's transport modules: a new kind fails
 * typecheck until it has its entry.
 */
export interface ServerKindForm {
  /** offered in the kind switch; a kind that is not (an in-process built-in) shows only as itself */
  pickable: boolean
  /** its launch fields, in the order shown */
  fields: readonly LaunchFormField[]
  /** the field Save refuses empty */
  required?: LaunchFormField
}

export const SERVER_KIND_FORMS: Readonly<Record<McpServerType, ServerKindForm>> = {
  stdio: { pickable: true, fields: ['command', 'args', 'env', 'cwd', 'registryUrl'], required: 'command' },
  sse: { pickable: true, fields: ['baseUrl', 'headers'], required: 'baseUrl' },
  streamableHttp: { pickable: true, fields: ['baseUrl', 'headers'], required: 'baseUrl' },
  // a URL added with no protocol (it is detected): kept as it is, or switched to one
  httpAuto: { pickable: false, fields: ['baseUrl', 'headers'], required: 'baseUrl' },
  // a built-in runs no command: its config is its args and env
  inMemory: { pickable: false, fields: ['args', 'env'] }
}

/** Does this kind take that launch field? */
export const kindTakes = (type: McpServerType, field: LaunchFormField): boolean => SERVER_KIND_FORMS[type].fields.includes(field)

/** What the server lists show and the catalogue fills in: nothing here changes what runs. */
export const McpServerUiSchema = z.object({
  description: z.string().optional(),
  /** what the list shows instead of the name: a built-in's name says which one it is, so it is renamed here */
  displayName: z.string().max(200).optional(),
  provider: z.string().optional(),
  providerUrl: z.string().optional(),
  logoUrl: z.string().optional(),
  tags: z.array(z.string()).optional()
})
export type McpServerUi = z.infer<typeof McpServerUiSchema>

/** The user's per-tool switches, by tool name. */
export const ToolPreferencesSchema = z.object({
  disabled: z.array(z.string()).optional(),
  /** tools a chat may run without asking (the Auto-approve switch turned on; see autoApprove.ts) */
  autoApprove: z.array(z.string()).optional(),
  /** tools a chat must ask about (the switch turned off) */
  askFirst: z.array(z.string()).optional()
})
export type ToolPreferences = z.infer<typeof ToolPreferencesSchema>

/** What every server has, whatever it runs: how the host treats it, its UI metadata and tool switches. */
const common = {
  id: z.string().min(1),
  name: z.string().min(1),
  /** env var and header names whose values may be shown (and `user_config.KEY` for an extension's settings its manifest does not call sensitive): every other value of 8+ characters is redacted */
  notSecret: z.array(z.string()).optional(),
  /** seconds; the connect timeout never goes below 180 s, a call's default is 60 s */
  timeout: z.number().positive().optional(),
  longRunning: z.boolean().optional(),
  /** the server's sampling requests are answered by the default model without a dialog (off unless the user turns it on) */
  samplingAutoApprove: z.boolean().optional(),
  /** absolute folder paths offered to the server as roots */
  roots: z.array(z.string()).optional(),
  isActive: z.boolean().default(false),
  /** preset: added from the app's catalogue; registry: from an MCP Registry; both shown before their first start like an import */
  installSource: z.enum(['manual', 'import', 'builtin', 'preset', 'dxt', 'deeplink', 'registry']).optional(),
  reference: z.string().optional(),
  ui: McpServerUiSchema.optional(),
  tools: ToolPreferencesSchema.optional()
}

/** The fields every kind shares, checked on their own where the kind itself is wrong. */
export const McpServerCommonSchema = z.object(common)

/** A local command, spoken to over its stdin and stdout (an installed extension is one too). */
export const StdioServerSchema = z.object({
  ...common,
  type: McpServerTypeSchema.extract(['stdio']),
  /** empty only while nothing is set: the connect then says to set one */
  command: z.string(),
  args: z.array(z.string()).optional(),
  env: EnvSchema.optional(),
  cwd: z.string().optional(),
  /** the package registry npx, bunx or uvx are pointed at (see packageTool.ts) */
  registryUrl: z.string().optional(),
  dxtPath: z.string().optional(),
  dxtVersion: z.string().optional(),
  /** an extension's user_config values; string values are sealed on disk like env values */
  userConfig: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional()
})

/** A server at a URL: Streamable HTTP, SSE, or `httpAuto` (Streamable HTTP first, SSE on a 4xx). */
export const HttpServerSchema = z.object({
  ...common,
  type: McpServerTypeSchema.extract(['streamableHttp', 'sse', 'httpAuto']),
  baseUrl: z.string(),
  headers: HeadersSchema.optional(),
  oauth: McpOAuthConfigSchema.optional()
})

/** One of the app's own servers, run in this process; which one is found by its name. */
export const InMemoryServerSchema = z.object({
  ...common,
  type: McpServerTypeSchema.extract(['inMemory']),
  args: z.array(z.string()).optional(),
  env: EnvSchema.optional()
})

/** One configured MCP server, as main stores it and every IPC call carries it: narrow by `type`. */
export const McpServerSchema = z.discriminatedUnion('type', [StdioServerSchema, HttpServerSchema, InMemoryServerSchema])

export type McpServer = z.infer<typeof McpServerSchema>
export type StdioServer = z.infer<typeof StdioServerSchema>
export type HttpServer = z.infer<typeof HttpServerSchema>
export type InMemoryServer = z.infer<typeof InMemoryServerSchema>
/** What a caller may hand in: defaults (isActive) not yet applied. */
export type McpServerInput = z.input<typeof McpServerSchema>

export const isStdio = (server: McpServer): server is StdioServer => server.type === 'stdio'
export const isHttp = (server: McpServer): server is HttpServer => server.type === 'streamableHttp' || server.type === 'sse' || server.type === 'httpAuto'

type CommonFields = z.infer<typeof McpServerCommonSchema>

/**
 * Every kind's launch fields, each optional, over the common ones: the view of code that walks a
 * server's values whatever its kind (secrets to scrub, placeholders to fill, an error's redaction).
 * Code that starts or shows a server narrows by `type`.
 */
export type AnyKindFields = CommonFields & { type: McpServerType } & { [K in KindKeys]?: KindValue<K> }
type KindKeys = Exclude<keyof StdioServer | keyof HttpServer | keyof InMemoryServer, keyof CommonFields | 'type'>
type KindValue<K extends PropertyKey> = McpServer extends infer S ? (S extends Record<K, infer V> ? V : S extends Partial<Record<K, infer V>> ? V : never) : never
export const anyKindFields = (server: McpServer | McpServerInput): AnyKindFields => server as AnyKindFields

/** `Omit` kind by kind, so a server less its id is still a union by `type`. */
export type OmitFromServer<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** An input for one kind (defaults not yet applied). */
export type StdioServerInput = z.input<typeof StdioServerSchema>

/** An installed extension's server: a stdio server with its folder. */
export type ExtensionServer = StdioServer & { dxtPath: string }
export const isExtensionServer = (server: McpServer): server is ExtensionServer => server.type === 'stdio' && !!server.dxtPath
