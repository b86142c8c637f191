import { z } from 'zod'
import { isBuiltinServerName } from './builtin'
import { fromFlat } from './flatServer'
import { builtinArgsFrom } from './builtinEquivalents'
import { isHttpUrlTemplate, placeholdersIn, substitutePlaceholders } from './placeholders'
import { EnvSchema, McpOAuthConfigSchema, McpServerSchema, type McpServer, type McpServerType } from './server'

/**
 * Import of the `mcpServers` JSON other hosts write (Claude Desktop, Cursor, Windsurf, Cline,
 * Cherry Studio) and VS Code's `servers` with its `inputs`. Pure, so the renderer's "import JSON"
 * and the CLI's `--config` accept exactly the same files. Unknown keys are ignored; a wrong type
 * for a key we know is an error naming the server and the field.
 */

/** How other hosts spell a transport → the kind we store. Compared case-insensitively. */
const TYPE_ALIASES: Record<string, McpServerType> = {
  stdio: 'stdio',
  sse: 'sse',
  streamablehttp: 'streamableHttp',
  'streamable-http': 'streamableHttp',
  streamable_http: 'streamableHttp',
  http: 'streamableHttp',
  inmemory: 'inMemory'
}

export function normalizeServerType(type: string): McpServerType | undefined {
  return TYPE_ALIASES[type.trim().toLowerCase()]
}


/** One entry as found in the wild; loose so unknown keys (envFile, autoApprove, …) never fail. */
const ImportedServerSchema = z
  .looseObject({
    id: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    type: z
      .string()
      .refine((t) => normalizeServerType(t) !== undefined, {
        message: `unknown type; expected one of ${Object.keys(TYPE_ALIASES).join(', ')}`,
        params: { issue: 'unknownType', types: Object.keys(TYPE_ALIASES).join(', ') }
      })
      .optional(),
    description: z.string().optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: EnvSchema.optional(),
    cwd: z.string().optional(),
    url: z.string().min(1).optional(),
    baseUrl: z.string().min(1).optional(),
    serverUrl: z.string().min(1).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    registryUrl: z.string().optional(),
    timeout: z.number().positive().optional(),
    longRunning: z.boolean().optional(),
    isActive: z.boolean().optional(),
    disabled: z.boolean().optional(),
    disabledTools: z.array(z.string()).optional(),
    /** our own: the folders offered to the server as roots */
    roots: z.array(z.string()).optional(),
    /** our own: OAuth settings */
    oauth: McpOAuthConfigSchema.optional(),
    provider: z.string().optional(),
    tags: z.array(z.string()).optional(),
    /** our own export: this entry is the public package standing in for one of our built-ins */
    studioBuiltin: z.string().optional()
  })
  .superRefine((entry, ctx) => {
    const type = entry.type ? normalizeServerType(entry.type) : undefined
    const url = entry.baseUrl ?? entry.url ?? entry.serverUrl
    if (type === 'inMemory') return
    if (type === 'stdio' && !entry.command) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'a stdio server needs a command', params: { issue: 'stdioNeedsCommand' } })
    } else if ((type === 'sse' || type === 'streamableHttp') && !url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${entry.type} server needs a url`, params: { issue: 'httpNeedsUrl', type: entry.type } })
    } else if (!type && !entry.command && !url) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'needs a command (stdio) or a url (HTTP)', params: { issue: 'needsCommandOrUrl' } })
    }
    if (url && !isHttpUrlTemplate(url)) {
      const field = entry.baseUrl ? 'baseUrl' : entry.url ? 'url' : 'serverUrl'
      ctx.addIssue({ code: 'custom', path: [field], message: 'must be an http:// or https:// URL', params: { issue: 'notHttpUrl' } })
    }
  })

type ImportedServer = z.infer<typeof ImportedServerSchema>

const ServerMapSchema = z.record(z.string().min(1), ImportedServerSchema)

/** VS Code's `inputs`: values a server's `${input:id}` placeholders ask the user for. */
const ConfigInputSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().optional(),
  description: z.string().optional(),
  password: z.boolean().optional(),
  default: z.string().optional(),
  // pickString: plain values, or {value, label}
  options: z.array(z.union([z.string(), z.looseObject({ value: z.string() })])).optional()
})

const ConfigFileSchema = z.looseObject({
  mcpServers: ServerMapSchema.optional(),
  servers: ServerMapSchema.optional(),
  inputs: z.array(ConfigInputSchema).optional()
})

/** An input of the file that at least one imported server uses. */
export interface ConfigInput {
  id: string
  description?: string
  /** typed into a masked field */
  password: boolean
  default?: string
  /** pickString: the values to choose from */
  options?: string[]
  /** the names of the servers that use it */
  servers: string[]
}

export interface ParsedConfigFile {
  servers: McpServer[]
  inputs: ConfigInput[]
}

export interface ConfigIssue {
  /** the server's name as the file spells it, when the issue is inside one */
  server?: string
  /** dotted path inside the server entry, e.g. `args` or `env.API_KEY` */
  field?: string
  message: string
  /** for the importer's own checks: which one, and its values, so a UI can say it in its language */
  code?: ConfigIssueCode
  params?: Record<string, string>
}

export type ConfigIssueCode =
  | 'unknownType'
  | 'stdioNeedsCommand'
  | 'httpNeedsUrl'
  | 'needsCommandOrUrl'
  | 'notHttpUrl'
  | 'invalidJson'
  | 'notAConfig'
  | 'undeclaredInput'
  | 'protoKey'
  | 'badEnvName'

export class McpConfigError extends Error {
  constructor(readonly issues: ConfigIssue[]) {
    super(issues.map(describeIssue).join('\n'))
    this.name = 'McpConfigError'
  }
}

function describeIssue(issue: ConfigIssue): string {
  if (issue.server === undefined) return issue.field ? `${issue.field}: ${issue.message}` : issue.message
  return `server "${issue.server}", field "${issue.field ?? '(entry)'}": ${issue.message}`
}

/** The code and values of one of our own checks (set with `params.issue`), none for zod's. */
function ownCheck(issue: z.core.$ZodIssue): Pick<ConfigIssue, 'code' | 'params'> {
  if (issue.code !== 'custom' || typeof issue.params?.issue !== 'string') return {}
  const { issue: code, ...params } = issue.params as Record<string, string>
  return { code: code as ConfigIssueCode, params }
}

function issuesOf(error: z.ZodError, rootKey?: string): ConfigIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String)
    // inside a server map: [rootKey, name, ...field]; a single pasted server: [...field]
    if (rootKey && path[0] === rootKey && path.length >= 2) {
      return { server: path[1], field: path.slice(2).join('.') || undefined, message: issue.message, ...ownCheck(issue) }
    }
    return { field: path.join('.') || undefined, message: issue.message, ...ownCheck(issue) }
  })
}

export interface ImportOptions {
  /** id for a new server; the entry's name by default, so importing twice is idempotent */
  makeId?: (name: string) => string
}

/**
 * `{mcpServers: {...}}`, `{servers: {...}}` (VS Code), a bare `{name: entry}` map, or one server
 * entry → validated `McpServer`s in file order. Throws McpConfigError naming every bad field.
 * `${input:id}` placeholders are left in place: see parseMcpConfigFile for the inputs they need.
 */
export function parseMcpConfig(input: unknown, options: ImportOptions = {}): McpServer[] {
  return parseMcpConfigFile(input, options).servers
}

/** parseMcpConfig, plus the file's inputs the servers use (each placeholder must be declared). */
export function parseMcpConfigFile(input: unknown, options: ImportOptions = {}): ParsedConfigFile {
  let data = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch (error) {
      const detail = (error as Error).message
      throw new McpConfigError([{ message: `not valid JSON: ${detail}`, code: 'invalidJson', params: { detail } }])
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new McpConfigError([{ message: 'expected a JSON object with "mcpServers" (or "servers")', code: 'notAConfig' }])
  }
  const record = data as Record<string, unknown>
  // JSON.parse keeps a "__proto__" key; validation would drop it without a word
  const protoKeys = protoKeysIn(record)
  if (protoKeys.length) throw new McpConfigError(protoKeys)
  const rootKey = 'mcpServers' in record ? 'mcpServers' : 'servers' in record ? 'servers' : undefined
  if (rootKey) {
    const parsed = ConfigFileSchema.safeParse(record)
    if (!parsed.success) throw new McpConfigError(issuesOf(parsed.error, rootKey))
    return withInputs(parsed.data[rootKey] ?? {}, parsed.data.inputs ?? [], options)
  }
  if (looksLikeEntry(record)) {
    const parsed = ImportedServerSchema.safeParse(record)
    if (!parsed.success) throw new McpConfigError(issuesOf(parsed.error))
    return withInputs({ [parsed.data.name ?? 'server']: parsed.data }, [], options)
  }
  const parsed = z.object({ map: ServerMapSchema }).safeParse({ map: record })
  if (!parsed.success) throw new McpConfigError(issuesOf(parsed.error, 'map'))
  return withInputs(parsed.data.map, [], options)
}

/** The servers, and the declared inputs they use; a placeholder of an undeclared input is an issue. */
function withInputs(map: Record<string, ImportedServer>, declared: Array<z.infer<typeof ConfigInputSchema>>, options: ImportOptions): ParsedConfigFile {
  const servers = toServers(map, options)
  const keys = Object.keys(map)
  const byId = new Map(declared.map((input) => [input.id, input]))
  const users = new Map<string, Set<string>>()
  const issues: ConfigIssue[] = []
  servers.forEach((server, i) => {
    for (const use of placeholdersIn(server)) {
      if (use.kind !== 'input') continue
      if (!byId.has(use.name)) {
        issues.push({
          server: keys[i],
          field: use.field,
          message: `uses \${input:${use.name}}, which the file's "inputs" do not declare`,
          code: 'undeclaredInput',
          params: { id: use.name }
        })
        continue
      }
      if (!users.has(use.name)) users.set(use.name, new Set())
      users.get(use.name)!.add(server.name)
    }
  })
  if (issues.length) throw new McpConfigError(issues)
  const inputs = declared
    .filter((input) => users.has(input.id))
    .map((input) => ({
      id: input.id,
      description: input.description,
      password: input.password ?? false,
      default: input.default,
      options: input.options?.map((option) => (typeof option === 'string' ? option : option.value)),
      servers: [...users.get(input.id)!]
    }))
  return { servers, inputs }
}

/** The servers with each `${input:id}` replaced by the value the user gave; an input left out stays a placeholder. */
export function applyConfigInputs(servers: McpServer[], values: Record<string, string>): McpServer[] {
  return servers.map((server) => substitutePlaceholders(server, 'input', (id) => values[id]).server)
}

/** Every own "__proto__" key of the file, named as its server and field (or its place). */
function protoKeysIn(value: unknown, path: string[] = []): ConfigIssue[] {
  if (typeof value !== 'object' || value === null) return []
  const here: ConfigIssue[] = Object.hasOwn(value, '__proto__')
    ? [{ ...placeOf([...path, '__proto__']), message: '"__proto__" cannot be a name here; rename it', code: 'protoKey' as const }]
    : []
  return [...here, ...Object.entries(value).flatMap(([key, child]) => protoKeysIn(child, [...path, key]))]
}

/** `mcpServers.github.env.X` → server "github", field "env.X". */
function placeOf(path: string[]): Pick<ConfigIssue, 'server' | 'field'> {
  if ((path[0] === 'mcpServers' || path[0] === 'servers') && path.length >= 2) {
    return { server: path[1], field: path.slice(2).join('.') || undefined }
  }
  return { field: path.join('.') }
}

function looksLikeEntry(record: Record<string, unknown>): boolean {
  return ['command', 'url', 'baseUrl', 'serverUrl'].some((key) => typeof record[key] === 'string')
}

function toServers(map: Record<string, ImportedServer>, options: ImportOptions): McpServer[] {
  const makeId = options.makeId ?? ((name: string) => name)
  const issues: ConfigIssue[] = []
  const servers: McpServer[] = []
  for (const [key, entry] of Object.entries(map)) {
    // our own export of a built-in comes back as the built-in, not as the package standing in for it
    const builtin = entry.studioBuiltin && isBuiltinServerName(entry.studioBuiltin) ? entry.studioBuiltin : undefined
    const name = builtin ?? entry.name ?? key
    const type = builtin ? 'inMemory' : entry.type ? normalizeServerType(entry.type) : entry.command ? 'stdio' : undefined
    const candidate = {
      id: entry.id ?? makeId(key),
      name,
      type,
      description: entry.description,
      command: builtin ? undefined : entry.command,
      args: builtin ? builtinArgsFrom(builtin, entry.args) : entry.args,
      env: entry.env,
      cwd: entry.cwd,
      baseUrl: entry.baseUrl ?? entry.url ?? entry.serverUrl,
      headers: entry.headers,
      registryUrl: entry.registryUrl,
      timeout: entry.timeout,
      longRunning: entry.longRunning,
      disabledTools: entry.disabledTools,
      roots: entry.roots,
      oauth: entry.oauth,
      provider: entry.provider,
      tags: entry.tags,
      isActive: entry.isActive ?? !entry.disabled,
      installSource: 'import' as const
    }
    const parsed = McpServerSchema.safeParse(fromFlat(candidate))
    if (parsed.success) servers.push(parsed.data)
    else issues.push(...parsed.error.issues.map((i) => ({ server: key, field: i.path.join('.'), message: i.message, ...ownCheck(i) })))
  }
  if (issues.length) throw new McpConfigError(issues)
  return servers
}
