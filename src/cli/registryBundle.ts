import { ExtensionError } from '../main/services/extensions/extensionError'
import { ExtensionInstaller } from '../main/services/extensions/ExtensionInstaller'
import type { McpRegistryClient } from '../main/services/discovery/McpRegistryClient'
import { stageRegistryBundle } from '../main/services/discovery/stageRegistryBundle'
import { userLoginShellEnv } from '../main/services/mcp/loginEnvCache'
import { defaultBinDirs } from '../main/services/mcp/mcpServiceOptions'
import { RuntimePathStore, runtimePathsFile } from '../main/services/runtimes/runtimePaths'
import type { ServerRegistry } from '../main/services/servers/ServerRegistry'
import type { DiscoveryCommand } from './discoveryArgs'
import { ExitCode, usageError } from './errors'
import { err, out, outJson } from './output'

/**
 * `registry add NAME` for an entry that ships a desktop extension bundle: downloaded, its SHA-256
 * checked, then installed through the extension installer as `dxt install` does, its settings
 * (user_config) given as `--input KEY=VALUE`. Running it is the consent, so it is approved.
 */
export async function addBundle(
  deps: { client: McpRegistryClient; registry: ServerRegistry; userDataDir: string; inputs: Record<string, string> },
  registryUrl: string,
  command: Extract<DiscoveryCommand, { action: 'add' }>
): Promise<number> {
  const { registry, userDataDir } = deps
  const installer = new ExtensionInstaller({ userDataDir, registry, runtimes: { loginEnv: userLoginShellEnv(userDataDir), binDirs: defaultBinDirs(), runtimePaths: () => new RuntimePathStore(runtimePathsFile(userDataDir)).read() } })
  try {
    await installer.sweep()
    // the Node platform's fetch is the global one
    const { preview, version } = await stageRegistryBundle({ client: deps.client, installer, fetch }, { registryUrl, name: command.server, version: command.version })
    if (preview.signature.status === 'invalid') await err(`warning: ${preview.displayName}: invalid signature: ${preview.signature.reason}`)
    const server = await installer.install(preview.stageId, deps.inputs, { approve: true })
    await registry.flush()
    if (command.json) await outJson({ added: server.name, version, runs: 'mcpb', target: preview.command, extension: preview.name, folder: server.dxtPath, approved: true })
    else await out(`added ${command.server} ${version} as extension "${server.name}" (approved):\n  runs: ${preview.command}\n  in:   ${server.dxtPath}`)
    return ExitCode.Ok
  } catch (error) {
    if (error instanceof ExtensionError && error.code === 'MISSING_CONFIG') throw usageError(`${error.message}: pass ${error.keys.map((key) => `--input ${key}=VALUE`).join(' ')}`)
    if (error instanceof ExtensionError) throw usageError(error.message)
    throw error
  } finally {
    await installer.staging.discardAll()
  }
}
