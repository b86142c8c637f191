import type { McpServer } from './server'

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

/** The fields that may hold placeholders, as [field, value] pairs. */
function stringFields(server: McpServer): Array<[string, string]> {
  const fields: Array<[string, string]> = []
  if (server.command !== undefined) fields.push(['command', server.command])
  server.args?.forEach((arg, i) => fields.push([`args.${i}`, arg]))
  for (const [key, value] of Object.entries(server.env ?? {})) fields.push([`env.${key}`, value])
  for (const [key, value] of Object.entries(server.headers ?? {})) fields.push([`headers.${key}`, value])
  if (server.baseUrl !== undefined) fields.push(['baseUrl', server.baseUrl])
  if (server.cwd !== undefined) fields.push(['cwd', server.cwd])
  return fields
}

/** Every placeholder a server uses, in field order. */
export function placeholdersIn(server: McpServer): PlaceholderUse[] {
  return stringFields(server).flatMap(([field, value]) =>
    [...value.matchAll(PLACEHOLDER)].map((m) => ({ kind: m[1] as PlaceholderKind, name: m[2].trim(), field }))
  )
}

export interface Substitution {
  server: McpServer
  /** placeholders of that kind that `lookup` had no value for; left in place */
  missing: PlaceholderUse[]
}

/** A copy of the server with each `${kind:name}` replaced by `lookup(name)`; the server itself is untouched. */
export function substitutePlaceholders(server: McpServer, kind: PlaceholderKind, lookup: (name: string) => string | undefined): Substitution {
  const missing: PlaceholderUse[] = []
  const replace = (field: string) => (value: string) =>
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
  const mapRecord = (prefix: string, record: Record<string, string> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([key, value]) => [key, replace(`${prefix}.${key}`)(value)]))
  const copy: McpServer = {
    ...server,
    ...(server.command !== undefined && { command: replace('command')(server.command) }),
    ...(server.args && { args: server.args.map((arg, i) => replace(`args.${i}`)(arg)) }),
    ...(server.env && { env: mapRecord('env', server.env) }),
    ...(server.headers && { headers: mapRecord('headers', server.headers) }),
    ...(server.baseUrl !== undefined && { baseUrl: replace('baseUrl')(server.baseUrl) }),
    ...(server.cwd !== undefined && { cwd: replace('cwd')(server.cwd) })
  }
  return { server: copy, missing }
}
