import { isHttpUrlTemplate } from '@shared/mcp/placeholders'
import { anyKindFields, kindTakes, McpServerSchema, SERVER_KIND_FORMS, type McpServer, type McpServerType } from '@shared/mcp/server'
import type { McpServerChanges } from '@renderer/store/serverListEdits'

/** The General tab's fields as the user edits them: lists as one item per line. */
export interface ServerFormValues {
  name: string
  /** a built-in's own label (its name says which built-in it is) */
  displayName: string
  description: string
  type: McpServerType
  command: string
  /** one argument per line */
  args: string
  /** KEY=value per line */
  env: string
  cwd: string
  registryUrl: string
  baseUrl: string
  /** Name: value per line */
  headers: string
  /** seconds; empty for the default */
  timeout: number | null
  longRunning: boolean
  /** the server's sampling requests answered by the default model, without a dialog */
  samplingAutoApprove: boolean
  /** one folder per line */
  roots: string
  provider: string
  providerUrl: string
  logoUrl: string
  tags: string[]
}

export type ServerFormField = keyof ServerFormValues
export type ServerFormErrorKey =
  | 'required'
  | 'nameTaken'
  | 'envLine'
  | 'headerLine'
  | 'commandRequired'
  | 'urlRequired'
  | 'urlInvalid'
  | 'timeoutPositive'
  | 'schema'
/** field → an i18n key under editor.errors, with its interpolation values */
export type ServerFormErrors = Partial<Record<ServerFormField, { key: ServerFormErrorKey; values?: Record<string, string | number> }>>

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

export function toFormValues(model: McpServer): ServerFormValues {
  // every kind's launch fields, each empty where the kind has none
  const server = anyKindFields(model)
  const ui = model.ui ?? {}
  return {
    name: server.name,
    displayName: ui.displayName ?? '',
    description: ui.description ?? '',
    type: model.type,
    command: server.command ?? '',
    args: (server.args ?? []).join('\n'),
    env: Object.entries(server.env ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    cwd: server.cwd ?? '',
    registryUrl: server.registryUrl ?? '',
    baseUrl: server.baseUrl ?? '',
    headers: Object.entries(server.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    timeout: server.timeout ?? null,
    longRunning: server.longRunning ?? false,
    samplingAutoApprove: server.samplingAutoApprove ?? false,
    roots: (server.roots ?? []).join('\n'),
    provider: ui.provider ?? '',
    providerUrl: ui.providerUrl ?? '',
    logoUrl: ui.logoUrl ?? '',
    tags: ui.tags ?? []
  }
}

/** `KEY=value` lines → a record; the first bad line is reported with its number. */
function parsePairs(
  text: string,
  separator: '=' | ':',
  keyPattern: RegExp
): { value?: Record<string, string>; error?: { key: 'envLine' | 'headerLine'; values: Record<string, string | number> } } {
  const out: Record<string, string> = {}
  const all = text.split(/\r?\n/)
  for (let i = 0; i < all.length; i++) {
    const line = all[i].trim()
    if (!line || line.startsWith('#')) continue
    const at = line.indexOf(separator)
    const key = at > 0 ? line.slice(0, at).trim() : ''
    // "__proto__" would vanish on the way into an object: refused like any bad name
    if (!key || !keyPattern.test(key) || key === '__proto__') return { error: { key: separator === '=' ? 'envLine' : 'headerLine', values: { line: i + 1 } } }
    out[key] = line.slice(at + 1).trim()
  }
  return { value: Object.keys(out).length ? out : undefined }
}

// registry and provider URLs are used as written: placeholders are filled only where a server starts
const isPlainHttpUrl = (text: string) => !text.includes('${') && isHttpUrlTemplate(text)

const optional = (text: string) => (text.trim() ? text.trim() : undefined)

/**
 * The form → the server as it would be saved, or the errors to show next to each field. The
 * result is checked with McpServerSchema, the same schema main checks at the IPC boundary.
 */
export function fromFormValues(
  values: ServerFormValues,
  base: McpServer,
  otherNames: string[]
): { server: McpServer; errors: ServerFormErrors } {
  const errors: ServerFormErrors = {}
  // the kind's own launch fields are saved, every other one is cleared (serverKinds.ts lists them)
  const takes = (field: Parameters<typeof kindTakes>[1]) => kindTakes(values.type, field)
  const required = SERVER_KIND_FORMS[values.type].required
  const name = values.name.trim()
  if (!name) errors.name = { key: 'required' }
  else if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) errors.name = { key: 'nameTaken', values: { name } }

  const env = parsePairs(values.env, '=', /^[A-Za-z_][A-Za-z0-9_]*$/)
  if (env.error) errors.env = env.error
  const headers = parsePairs(values.headers, ':', /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/)
  if (headers.error) errors.headers = headers.error
  if (required === 'command' && !values.command.trim()) errors.command = { key: 'commandRequired' }
  if (required === 'baseUrl' && !values.baseUrl.trim()) errors.baseUrl = { key: 'urlRequired' }
  else if (takes('baseUrl') && values.baseUrl.trim() && !isHttpUrlTemplate(values.baseUrl.trim())) errors.baseUrl = { key: 'urlInvalid' }
  if (values.registryUrl.trim() && !isPlainHttpUrl(values.registryUrl.trim())) errors.registryUrl = { key: 'urlInvalid' }
  if (values.providerUrl.trim() && !isPlainHttpUrl(values.providerUrl.trim())) errors.providerUrl = { key: 'urlInvalid' }
  if (values.timeout !== null && !(values.timeout > 0)) errors.timeout = { key: 'timeoutPositive' }

  const ui = stripUndefined({
    displayName: optional(values.displayName),
    description: optional(values.description),
    provider: optional(values.provider),
    providerUrl: optional(values.providerUrl),
    logoUrl: optional(values.logoUrl),
    tags: values.tags.length ? values.tags : undefined
  })
  // a field the kind does not list is cleared; fields the form does not show (OAuth, an extension's) are kept
  const server = {
    ...base,
    name,
    type: values.type,
    ui: Object.keys(ui).length ? ui : undefined,
    command: takes('command') ? optional(values.command) : undefined,
    args: takes('args') && lines(values.args).length ? lines(values.args) : undefined,
    env: takes('env') ? env.value : undefined,
    cwd: takes('cwd') ? optional(values.cwd) : undefined,
    registryUrl: takes('registryUrl') ? optional(values.registryUrl) : undefined,
    baseUrl: takes('baseUrl') ? optional(values.baseUrl) : undefined,
    headers: takes('headers') ? headers.value : undefined,
    timeout: values.timeout ?? undefined,
    longRunning: values.longRunning || undefined,
    samplingAutoApprove: values.samplingAutoApprove || undefined,
    roots: lines(values.roots).length ? lines(values.roots) : undefined
  } as McpServer
  // the shared schema is the last word: anything it rejects is shown on its field
  const parsed = McpServerSchema.safeParse(server)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // `ui.description` is the form's `description`
      const field = String(issue.path[0] === 'ui' ? issue.path[1] : issue.path[0]) as ServerFormField
      if (field in values && !errors[field]) errors[field] = { key: 'schema', values: { message: issue.message } }
    }
  }
  return { server: stripUndefined(server), errors }
}

function stripUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T
}

type Loose = Record<string, unknown>
const isLoose = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Changed fields, and cleared ones as undefined; `deep`: `ui` and `tools` field by field, as main merges them. */
function diffRecords(before: Loose, after: Loose, deep: boolean): Loose {
  const changes: Loose = {}
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  keys.delete('id')
  for (const key of keys) {
    const a = before[key]
    const b = after[key]
    if (JSON.stringify(a) === JSON.stringify(b)) continue
    changes[key] = deep && (key === 'ui' || key === 'tools') ? diffRecords(isLoose(a) ? a : {}, isLoose(b) ? b : {}, false) : b
  }
  return changes
}

/** What Save must send to updateServer: changed fields, and cleared ones as undefined. */
export function diffServer(before: McpServer, after: McpServer): McpServerChanges {
  return diffRecords(before, after, true) as McpServerChanges
}
