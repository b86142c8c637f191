import type { McpServer } from '@shared/mcp/server'
import { McpServerError } from '../mcp/errors'
import { ExtensionError } from './extensionError'
import { readInstalledManifest } from './installedManifest'
import { resolveMcpCommand } from './resolveMcpConfig'
import { missingConfigError, sensitiveValues } from './userConfigFields'

/**
 * An extension's server as it starts (SPEC C6, D3): its approved command line with the
 * variables filled in from its settings, in its folder. A required setting without a value
 * stops it here, with an error naming the setting; nothing is spawned. `secrets` are the
 * sensitive values, for the host to scrub from logs and errors.
 */
export async function startableExtension(server: McpServer): Promise<{ server: McpServer; secrets: string[] }> {
  if (!server.dxtPath || !server.command) return { server, secrets: [] }
  try {
    const { fields } = await readInstalledManifest(server)
    const values = server.userConfig ?? {}
    const resolved = resolveMcpCommand({ command: server.command, args: server.args ?? [], env: server.env ?? {} }, { dirname: server.dxtPath, fields, values })
    if (resolved.missing.length) throw missingConfigError(fields, resolved.missing, `extension "${server.name}"`)
    const { command, args, env } = resolved
    return { server: { ...server, command, args, env, cwd: server.dxtPath }, secrets: sensitiveValues(fields, values) }
  } catch (error) {
    if (!(error instanceof ExtensionError)) throw error
    const hint = error.code === 'MISSING_CONFIG' ? ': fill it in in the extension\'s settings (or `dxt install` again with --user-config KEY=VALUE)' : ''
    throw new McpServerError(server, error.code === 'MISSING_CONFIG' ? 'MISSING_CONFIG' : 'BAD_CONFIG', `${error.message}${hint}`)
  }
}
