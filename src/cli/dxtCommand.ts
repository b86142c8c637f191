import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { ExtensionServer } from '@shared/mcp/server'
import { ExtensionError } from '../main/services/extensions/extensionError'
import { ExtensionInstaller } from '../main/services/extensions/ExtensionInstaller'
import { userLoginShellEnv } from '../main/services/mcp/loginEnvCache'
import { defaultBinDirs } from '../main/services/mcp/mcpServiceOptions'
import { RuntimePathStore, runtimePathsFile } from '../main/services/runtimes/runtimePaths'
import { removeServer } from '../main/services/servers/removeServer'
import type { ServerRegistry } from '../main/services/servers/ServerRegistry'
import type { DxtCommand } from './args'
import { ExitCode, usageError } from './errors'
import { err, out, outJson } from './output'

const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024

/**
 * `dxt install|list|remove`: desktop extensions in MCP Studio's list, through the same installer
 * as the window. Running `dxt install` is the consent to run what it shows (like `import`). A bad
 * archive, a bad or missing setting is bad input: exit 2 with what to change.
 */
export async function runDxtCommand(command: DxtCommand, registry: ServerRegistry, userDataDir: string): Promise<number> {
  // runtimes are looked for on the PATH servers get: the login shell's, as the other commands use it
  const installer = new ExtensionInstaller({ userDataDir, registry, runtimes: { loginEnv: userLoginShellEnv(userDataDir), binDirs: defaultBinDirs(), runtimePaths: () => new RuntimePathStore(runtimePathsFile(userDataDir)).read() } })
  try {
    if (command.action === 'install') return await install(installer, command)
    if (command.action === 'list') return await list(installer, command.json)
    const server = await installer.findByName(command.extension)
    await removeServer({ registry, userDataDir }, server.id)
    await registry.flush()
    await (command.json ? outJson({ removed: command.extension, server: server.name }) : out(`removed ${command.extension} (server "${server.name}")`))
    return ExitCode.Ok
  } catch (error) {
    if (error instanceof ExtensionError) throw usageError(explain(error))
    throw error
  } finally {
    await installer.staging.discardAll()
  }
}

function explain(error: ExtensionError): string {
  if (error.code === 'MISSING_CONFIG') return `${error.message}: pass ${error.keys.map((key) => `--user-config ${key}=VALUE`).join(' ')}`
  if (error.code === 'BAD_SIGNATURE') return `${error.message} (--accept-invalid-signature installs it anyway)`
  return error.message
}

async function install(installer: ExtensionInstaller, command: Extract<DxtCommand, { action: 'install' }>): Promise<number> {
  let data: Buffer
  try {
    data = await readFile(command.file)
  } catch (error) {
    throw usageError(`cannot read ${command.file}: ${(error as Error).message}`)
  }
  if (data.length > MAX_ARCHIVE_BYTES) throw usageError(`${command.file} is larger than 64 MB`)
  await installer.sweep()
  const preview = await installer.stage(basename(command.file), data)
  if (preview.signature.status === 'invalid') await err(`warning: ${preview.displayName}: invalid signature: ${preview.signature.reason}`)
  const server = await installer.install(preview.stageId, command.userConfig, { acceptInvalidSignature: command.acceptInvalidSignature, approve: true })
  await installer.options.registry.flush()
  const signature = preview.signature.status === 'signed' ? `signed by ${preview.signature.signer}` : preview.signature.status
  if (command.json) {
    await outJson({ installed: preview.name, version: preview.version, server: server.name, folder: server.dxtPath, signature: preview.signature, command: preview.command, replaced: preview.replaces?.version })
  } else {
    const replaced = preview.replaces ? ` (replacing ${preview.replaces.version})` : ''
    await out(`installed ${preview.name} ${preview.version}${replaced} as server "${server.name}" (${signature})\n  runs: ${preview.command}\n  in:   ${server.dxtPath}`)
  }
  return ExitCode.Ok
}

async function list(installer: ExtensionInstaller, json: boolean): Promise<number> {
  const installed = await installer.list()
  const row = (entry: { name: string; version?: string; server: ExtensionServer }) => ({ name: entry.name, version: entry.version, server: entry.server.name, folder: entry.server.dxtPath })
  if (json) await outJson(installed.map(row))
  else if (!installed.length) await out('no extensions installed')
  else await out(installed.map(row).map((e) => `${e.name}\t${e.version ?? ''}\t${e.server}\t${e.folder}`).join('\n'))
  return ExitCode.Ok
}
