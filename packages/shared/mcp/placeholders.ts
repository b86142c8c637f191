import { anyKindFields, type McpServer } from './server'

/**
 * The `${input:id}` and `${env:NAME}` placeholders VS Code and Cursor configs write in a server's
 * command, args, env, headers, url and cwd. `input` values are asked for when a file is imported;
 * `env` values come from the environment when the server starts, so a secret can stay out of
 * the saved config.
 */

export type PlaceholderKind = 'input' | 'env'

export interface PlaceholderUse {
  kind: PlaceholderKind
  name: string
  /** where in the server: `command`, `args.1`, `env.API_KEY`, `headers.Authorization`, `baseUrl`, `cwd` */
  field: string
}

const PLACEHOLDER = /\$\{(input|env):([^}]*)\}/g
const ONLY_PLACEHOLDERS = /^(\s*\$\{(input|env):[^}]*\}\s*)+$/

/** `${env:TOKEN}` alone is a name, not a secret: the value it stands for is found later. */
export function isOnlyPlaceholders(value: string): boolean {
  return ONLY_PLACEHOLDERS.test(value)
}

/**
 * Whether `text` is an http(s) URL once its placeholders are filled in. One that begins with a
 * placeholder (`${env:MCP_URL}`) can only be checked when it is filled, which main does at connect.
 */
export function isHttpUrlTemplate(text: string): boolean {
  if (/^\s*\$\{(input|env):/.test(text)) return true
  try {
    const url = new URL(text.replace(PLACEHOLDER, 'x'))
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * A copy of the server with `edit(field, value)` applied to each field that may hold
 * placeholders; the one list of those fields, for finding and for filling them.
 */
function mapStringFields(model: McpServer, edit: (field: string, value: string) => string): McpServer {
  const server = anyKindFields(model)
  const record = (prefix: string, values: Record<string, string> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([key, value]) => [key, edit(`${prefix}.${key}`, value)]))
  return {
    ...server,
    ...(server.command !== undefined && { command: edit('command', server.command) }),
    ...(server.args && { args: server.args.map((arg, i) => edit(`args.${i}`, arg)) }),
    ...(server.env && { env: record('env', server.env) }),
    ...(server.headers && { headers: record('headers', server.headers) }),
    ...(server.baseUrl !== undefined && { baseUrl: edit('baseUrl', server.baseUrl) }),
    ...(server.cwd !== undefined && { cwd: edit('cwd', server.cwd) })
  } as McpServer
}

/** Every placeholder a server uses, in field order. */
export function placeholdersIn(server: McpServer): PlaceholderUse[] {
  const uses: PlaceholderUse[] = []
  mapStringFields(server, (field, value) => {
    for (const m of value.matchAll(PLACEHOLDER)) uses.push({ kind: m[1] as PlaceholderKind, name: m[2].trim(), field })
    return value
  })
  return uses
}

export interface Substitution {
  server: McpServer
  /** placeholders of that kind that `lookup` had no value for; left in place */
  missing: PlaceholderUse[]
}

/** A copy of the server with each `${kind:name}` replaced by `lookup(name)`; the server itself is untouched. */
export function substitutePlaceholders(server: McpServer, kind: PlaceholderKind, lookup: (name: string) => string | undefined): Substitution {
  const missing: PlaceholderUse[] = []
  const copy = mapStringFields(server, (field, value) =>
    value.replace(PLACEHOLDER, (whole, found: string, rawName: string) => {
      if (found !== kind) return whole
      const name = rawName.trim()
      const next = lookup(name)
      if (next === undefined) {
        missing.push({ kind, name, field })
        return whole
      }
      return next
    })
  )
  return { server: copy, missing }
}
