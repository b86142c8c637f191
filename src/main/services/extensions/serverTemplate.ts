import { isAbsolute } from 'node:path'
import { insideExtension } from './entryNames'
import { ExtensionError } from './extensionError'
import type { Manifest } from './manifest'
import { checkTemplateVariables, type McpCommand } from './resolveMcpConfig'
import { userConfigFields } from './userConfigFields'

/**
 * What an extension's server runs on this OS, as stored in the server list and approved by the
 * user: mcp_config with its `platform_overrides` for this OS (env merged), `${__dirname}` set to
 * the folder it is installed in. The other variables stay as written and are filled in at each
 * start (resolveMcpConfig), so a setting changed later needs no reinstall.
 */
export function serverTemplate(manifest: Manifest, folder: string, platform: NodeJS.Platform = process.platform): McpCommand {
  const { mcp_config: config, type } = manifest.server
  const override = config.platform_overrides?.[platform] ?? {}
  const template: McpCommand = {
    command: override.command ?? config.command,
    args: [...(override.args ?? config.args ?? [])],
    env: { ...config.env, ...override.env }
  }
  checkNoClimbing(template)
  checkTemplateVariables(template, userConfigFields(manifest))
  const withDir = (text: string) => text.replaceAll('${__dirname}', folder)
  let command = withDir(template.command)
  // a binary named by its place in the extension runs from there, not from PATH
  if (type === 'binary' && !isAbsolute(command) && !command.startsWith('${') && /[\\/]/.test(command)) {
    command = insideExtension(folder, command, 'server.mcp_config.command')
  }
  return {
    command,
    args: template.args.map(withDir),
    env: Object.fromEntries(Object.entries(template.env).map(([name, value]) => [name, withDir(value)]))
  }
}

/** A `..` path segment written in the manifest's command line would reach outside the extension. */
function checkNoClimbing(template: McpCommand): void {
  const fields: [string, string][] = [['command', template.command], ...template.args.map((a, i): [string, string] => [`args.${i}`, a]), ...Object.entries(template.env).map(([n, v]): [string, string] => [`env.${n}`, v])]
  for (const [where, text] of fields) {
    if (text.includes('\0')) throw new ExtensionError('BAD_MANIFEST', `manifest.json: server.mcp_config ${where} contains a NUL character`)
    if (text.split(/[\\/]/).includes('..')) {
      throw new ExtensionError('BAD_MANIFEST', `manifest.json: server.mcp_config ${where} "${text}" climbs out of the extension with ".."; nothing was installed`)
    }
  }
}

/** The command line as the user approves it: one line, settings shown as `${user_config.KEY}`. */
export function commandLine(template: McpCommand): string {
  return [template.command, ...template.args].map((part) => (/\s/.test(part) || part === '' ? JSON.stringify(part) : part)).join(' ')
}
