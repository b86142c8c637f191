import { isExtensionServer, type McpServer } from '@shared/mcp/server'
import { McpServerError } from '../mcp/errors'
import { ExtensionError } from './extensionError'
import { runtimeHost, type RuntimeLookup } from './hostFacts'
import { readInstalledManifest } from './installedManifest'
import { resolveMcpCommand } from './resolveMcpConfig'
import { chooseRuntime, RuntimeNotFound } from './serverRuntime'
import { missingConfigError, sensitiveValues } from './userConfigFields'

/**
 * An extension's server as it starts: its approved command line with the
 * variables filled in from its settings, in its folder, run by the runtime its `server.type`
 * needs here (serverRuntime.ts: python3 or python, the app's own Node where there is no other,
 * PYTHONPATH with its bundled packages). A required setting without a value, or a runtime that
 * is not installed, stops it here with an error saying what to do; nothing is spawned.
 * `secrets` are the sensitive values, for the host to scrub from logs and errors; `notes` say
 * what runtime was chosen instead of the one written, for its log.
 */
export async function startableExtension(server: McpServer, runtimes: RuntimeLookup): Promise<{ server: McpServer; secrets: string[]; notes: string[] }> {
  if (!isExtensionServer(server) || !server.command) return { server, secrets: [], notes: [] }
  try {
    const { manifest, fields } = await readInstalledManifest(server)
    const values = server.userConfig ?? {}
    const resolved = resolveMcpCommand({ command: server.command, args: server.args ?? [], env: server.env ?? {} }, { dirname: server.dxtPath, fields, values })
    if (resolved.missing.length) throw missingConfigError(fields, resolved.missing, `extension "${server.name}"`)
    const login = await runtimes.loginEnv()
    const { command, env, notes } = await chooseRuntime(
      { type: manifest.server.type, command: resolved.command, env: resolved.env, inherited: login.env, dirname: server.dxtPath, wanted: manifest.compatibility?.runtimes },
      runtimeHost({ ...login.env, ...resolved.env }, runtimes.binDirs, await runtimes.runtimePaths?.())
    )
    // what the runtime adds (PYTHONPATH, ELECTRON_RUN_AS_NODE) is paths and flags, not secrets to scrub from its log
    const added = Object.keys(env).filter((name) => env[name] !== resolved.env[name])
    const notSecret = added.length ? [...new Set([...(server.notSecret ?? []), ...added])] : server.notSecret
    return { server: { ...server, command, args: resolved.args, env, cwd: server.dxtPath, notSecret }, secrets: sensitiveValues(fields, values), notes }
  } catch (error) {
    // before anything is spawned, with the failure's link to Settings → Runtimes
    if (error instanceof RuntimeNotFound) throw new McpServerError(server, 'RUNTIME_MISSING', `${error.runtime} is missing: ${error.message}, or set its path under Settings → Runtimes`)
    if (!(error instanceof ExtensionError)) throw error
    const hint = error.code === 'MISSING_CONFIG' ? ': fill it in in the extension\'s settings (or `dxt install` again with --user-config KEY=VALUE)' : ''
    throw new McpServerError(server, error.code === 'MISSING_CONFIG' ? 'MISSING_CONFIG' : 'BAD_CONFIG', `${error.message}${hint}`)
  }
}
