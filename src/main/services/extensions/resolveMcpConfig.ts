import { homedir } from 'node:os'
import { join, sep } from 'node:path'
import type { UserConfigField, UserConfigValue, UserConfigValues } from '@shared/mcp/extensions'
import { ExtensionError } from './extensionError'

/**
 * `${…}` variables of an extension's mcp_config, filled in when it starts. Every value
 * a variable brings in is checked: no NUL, no `..` path segment, so a setting of `../../` cannot
 * point the server outside what the user chose. An unknown variable is an error naming it. The
 * app's own `${env:NAME}` / `${input:ID}` placeholders are left for the placeholder step.
 */

export interface McpCommand {
  command: string
  args: string[]
  env: Record<string, string>
}

export interface VariableContext {
  /** the extension's folder: `${__dirname}` and the server's cwd */
  dirname: string
  fields: Record<string, UserConfigField>
  values: UserConfigValues
  /** the user's folders; the OS's by default */
  folders?: Partial<Record<'HOME' | 'DESKTOP' | 'DOCUMENTS' | 'DOWNLOADS', string>>
  pathSeparator?: string
}

const VARIABLE = /\$\{([^}]*)\}/g
const APP_PLACEHOLDER = /^(env|input):/

function systemFolders(ctx: VariableContext): Record<string, string> {
  const home = ctx.folders?.HOME ?? homedir()
  const separator = ctx.pathSeparator ?? sep
  return {
    __dirname: ctx.dirname,
    HOME: home,
    DESKTOP: ctx.folders?.DESKTOP ?? join(home, 'Desktop'),
    DOCUMENTS: ctx.folders?.DOCUMENTS ?? join(home, 'Documents'),
    DOWNLOADS: ctx.folders?.DOWNLOADS ?? join(home, 'Downloads'),
    pathSeparator: separator,
    '/': separator
  }
}

/** Refuses a value that would climb out of a folder or cut a string short. */
function checkInjected(value: string, variable: string, where: string, sensitive = false): string {
  if (value.includes('\0')) throw new ExtensionError('BAD_CONFIG', `\${${variable}} (in ${where}) contains a NUL character`)
  if (value.split(/[\\/]/).includes('..')) {
    // a sensitive value is not repeated in the message
    const shown = sensitive ? 'a value' : `"${value}"`
    throw new ExtensionError('BAD_CONFIG', `\${${variable}} (in ${where}) is ${shown}, which climbs out of its folder with ".."; give a path without ".."`)
  }
  return value
}

const asText = (value: UserConfigValue): string[] => (Array.isArray(value) ? value : [typeof value === 'boolean' ? String(value) : String(value)])

/** Builds the lookup of one extension's variables; values are lists (a `multiple` field has several). */
function lookup(ctx: VariableContext) {
  const system = systemFolders(ctx)
  const missing = new Set<string>()
  const resolve = (name: string, where: string): string[] | undefined => {
    if (APP_PLACEHOLDER.test(name)) return undefined
    if (Object.hasOwn(system, name)) return [checkInjected(system[name], name, where)]
    const key = /^user_config\.(.+)$/.exec(name)?.[1]
    if (key === undefined) throw new ExtensionError('BAD_CONFIG', `\${${name}} (in ${where}) is not a variable extensions may use (known: ${Object.keys(system).map((v) => `\${${v}}`).join(', ')}, \${user_config.KEY})`)
    const field = ctx.fields[key]
    if (!field) throw new ExtensionError('BAD_CONFIG', `\${${name}} (in ${where}) names a setting the manifest's user_config does not declare`)
    const given = ctx.values[key]
    if (given !== undefined && given !== '') return asText(given).map((v) => checkInjected(v, name, where, field.sensitive))
    if (field.default !== undefined) {
      // a default may use the system folders itself ("${HOME}/Documents")
      return asText(field.default).map((v) => checkInjected(substituteSystem(v, system, name), name, where))
    }
    if (field.required) missing.add(key)
    return []
  }
  return { resolve, missing }
}

function substituteSystem(text: string, system: Record<string, string>, where: string): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (Object.hasOwn(system, name)) return checkInjected(system[name], name, `the default of ${where}`)
    return whole
  })
}

/** One string with its variables filled in; a list value is joined with commas inside text. */
function fill(text: string, where: string, resolve: (name: string, where: string) => string[] | undefined): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const values = resolve(name, where)
    return values === undefined ? whole : values.join(',')
  })
}

/**
 * The command line an extension's server starts with: `${user_config.KEY}` standing alone as an
 * argument becomes as many arguments as it has values (none when unset and optional); inside
 * text, booleans are "true"/"false" and numbers as written. A required setting without a value
 * is MISSING_CONFIG naming every one missing.
 */
export function resolveMcpCommand(template: McpCommand, ctx: VariableContext): McpCommand & { missing: string[] } {
  const { resolve, missing } = lookup(ctx)
  const command = fill(template.command, 'command', resolve)
  const args: string[] = []
  template.args.forEach((arg, index) => {
    const alone = /^\$\{(user_config\.[^}]+)\}$/.exec(arg)
    if (alone) args.push(...(resolve(alone[1], `args.${index}`) ?? [arg]))
    else args.push(fill(arg, `args.${index}`, resolve))
  })
  const env = Object.fromEntries(Object.entries(template.env).map(([name, value]) => [name, fill(value, `env.${name}`, resolve)]))
  return { command, args, env, missing: [...missing] }
}

/** The variables a template uses, each checked to be known (at install, before anything is copied). */
export function checkTemplateVariables(template: McpCommand, fields: Record<string, UserConfigField>): void {
  const texts: [string, string][] = [['command', template.command], ...template.args.map((a, i): [string, string] => [`args.${i}`, a]), ...Object.entries(template.env).map(([n, v]): [string, string] => [`env.${n}`, v])]
  const system = systemFolders({ dirname: '/', fields, values: {} })
  for (const [where, text] of texts) {
    for (const [, name] of text.matchAll(VARIABLE)) {
      if (APP_PLACEHOLDER.test(name) || Object.hasOwn(system, name)) continue
      const key = /^user_config\.(.+)$/.exec(name)?.[1]
      if (key !== undefined && fields[key]) continue
      throw new ExtensionError(
        'BAD_MANIFEST',
        key !== undefined
          ? `manifest.json: server.mcp_config ${where} uses \${${name}}, which user_config does not declare`
          : `manifest.json: server.mcp_config ${where} uses \${${name}}, which is not a variable extensions may use`
      )
    }
  }
}
