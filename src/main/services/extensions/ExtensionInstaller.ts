import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { previewEnv, USER_CONFIG_PREFIX, type ExtensionPreview, type ExtensionUserConfig, type UserConfigValues } from '@shared/mcp/extensions'
import { isExtensionServer, type ExtensionServer, type McpServer, type StdioServerInput } from '@shared/mcp/server'
import type { ServerRegistry } from '../servers/ServerRegistry'
import { sharedLoginShellEnv } from '../mcp/shellEnv'
import { defaultBinDirs } from '../mcp/mcpServiceOptions'
import type { HostFacts } from './compatibility'
import { ExtensionError } from './extensionError'
import { extensionFolder, extensionsRoot, ownedFolder } from './extensionFolders'
import { hostFacts, type RuntimeLookup } from './hostFacts'
import { readInstalledManifest } from './installedManifest'
import { withInstallLock } from './installLock'
import type { Manifest } from './manifest'
import { placeFolder, sweepPlacements } from './placeFolder'
import { resolveMcpCommand, type McpCommand } from './resolveMcpConfig'
import { commandLine } from './serverTemplate'
import { StagingArea, type StagedExtension } from './stagingArea'
import type { ExtractLimits } from './safeExtract'
import { checkUserConfig, maskedValues, missingConfigError, missingRequired, unmaskValues } from './userConfigFields'

export interface ExtensionInstallerOptions {
  userDataDir: string
  registry: ServerRegistry
  /** stops a server before its folder is replaced (an upgrade) */
  stopServer?(server: McpServer): Promise<void>
  tempRoot?: string
  /** where runtimes are looked for: the login shell's PATH and the bundled tools, as servers start */
  runtimes?: RuntimeLookup
  /** what compatibility is checked against; the runtime found through `runtimes` by default */
  hostFacts?(manifest: Manifest, template: McpCommand, folder: string): Promise<HostFacts>
  limits?: ExtractLimits
  ttlMs?: number
}

export interface InstallOptions {
  acceptInvalidSignature?: boolean
  /** the install is the user's approval of what it runs (the CLI); the window asks through servers:approve's path */
  approve?: boolean
}

/**
 * Desktop extensions from archive to server: stage (extract and check in a temp
 * folder), install (into `{userData}/mcp/extensions/{name}`, then one server in the registry),
 * and the settings of one installed. Uninstalling is removing the server (removeServer.ts).
 */
export class ExtensionInstaller {
  readonly staging: StagingArea

  constructor(readonly options: ExtensionInstallerOptions) {
    const runtimes = options.runtimes ?? { loginEnv: sharedLoginShellEnv, binDirs: defaultBinDirs() }
    this.staging = new StagingArea({
      tempRoot: options.tempRoot,
      targetFolder: (name) => extensionFolder(options.userDataDir, name),
      hostFacts: options.hostFacts ?? ((manifest, template, folder) => hostFacts(manifest, template, folder, runtimes)),
      limits: options.limits,
      ttlMs: options.ttlMs
    })
  }

  /** At start-up: what dead processes left in the temp folder and the extensions folder. */
  async sweep(): Promise<void> {
    await Promise.all([this.staging.sweep(), sweepPlacements(extensionsRoot(this.options.userDataDir))])
  }

  async stage(fileName: string, data: Buffer): Promise<ExtensionPreview> {
    return this.preview(await this.staging.stage(fileName, data))
  }

  discard(stageId: string): Promise<void> {
    return this.staging.discard(stageId)
  }

  /** The server already installed from the same extension (same folder), if any. */
  installedAt(folder: string): ExtensionServer | undefined {
    return this.options.registry
      .snapshot()
      .servers.filter(isExtensionServer)
      .find((server) => ownedFolder(this.options.userDataDir, server.dxtPath) === folder)
  }

  private preview(stage: StagedExtension): ExtensionPreview {
    const { manifest } = stage
    const installed = this.installedAt(stage.folder)
    return {
      stageId: stage.id,
      name: manifest.name,
      displayName: manifest.display_name ?? manifest.name,
      version: manifest.version,
      author: manifest.author?.name,
      description: manifest.description,
      iconDataUrl: stage.iconDataUrl,
      tools: (manifest.tools ?? []).map(({ name, description }) => ({ name, description })),
      prompts: (manifest.prompts ?? []).map(({ name, description }) => ({ name, description })),
      signature: stage.signature ?? { status: 'unsigned' },
      compatibility: stage.compatibility,
      command: commandLine(stage.template),
      env: previewEnv(stage.template.env),
      userConfig: stage.fields,
      ...(installed ? { replaces: { version: installed.dxtVersion ?? 'unknown' } } : {})
    }
  }

  /**
   * Installs a staged extension. Refused (and still staged, so the user can fix it) when it cannot
   * run here, when its signature is invalid and not accepted, or when a setting is wrong or a
   * required one missing. An installed version is replaced only once the new one is in place and
   * its server saved; if that fails, the old one is back as it was. A second install of the same
   * extension while one runs (here, or in another process) is refused with INSTALL_IN_PROGRESS.
   */
  async install(stageId: string, values: UserConfigValues, options: InstallOptions = {}): Promise<ExtensionServer> {
    const stage = this.staging.get(stageId)
    return withInstallLock(extensionsRoot(this.options.userDataDir), stage.manifest.name, (held) => this.installHeld(stage, values, options, held))
  }

  private async installHeld(stage: StagedExtension, values: UserConfigValues, options: InstallOptions, held: () => void): Promise<ExtensionServer> {
    const { manifest, fields } = stage
    if (!stage.compatibility.ok) throw new ExtensionError('INCOMPATIBLE', `"${manifest.name}" cannot run on this computer: ${stage.compatibility.problems.join('; ')}`)
    if (stage.signature?.status === 'invalid' && !options.acceptInvalidSignature) {
      throw new ExtensionError('BAD_SIGNATURE', `"${manifest.name}" has an invalid signature: ${stage.signature.reason}. Install it only if you trust where it came from`)
    }
    const { registry } = this.options
    // another process may have installed it since this one last read the list
    await registry.sync()
    const installed = this.installedAt(stage.folder)
    if (installed) await this.assertSameExtension(installed, manifest.name)
    // an upgrade keeps the settings the new version still has, unless given anew
    const kept = Object.fromEntries(Object.entries(installed?.userConfig ?? {}).filter(([key]) => Object.hasOwn(fields, key)))
    const userConfig = checkUserConfig(fields, { ...kept, ...values })
    const missing = missingRequired(fields, userConfig)
    if (missing.length) throw missingConfigError(fields, missing, `"${manifest.display_name ?? manifest.name}"`)
    // what it will start with, tried now: a setting of "../../" is refused before anything is copied
    resolveMcpCommand(stage.template, { dirname: stage.folder, fields, values: userConfig })

    if (installed) await this.options.stopServer?.(installed)
    held()
    const placed = await placeFolder(stage.content, stage.folder)
    let server: McpServer
    try {
      const entry = this.serverEntry(stage, userConfig, installed?.notSecret)
      server = installed ? await registry.update(installed.id, entry) : (await registry.add([{ ...entry, id: randomUUID(), isActive: true }]))[0]
      if (options.approve) await registry.approve(server.id)
    } catch (error) {
      await placed.rollback()
      throw error
    }
    await placed.commit()
    await this.staging.discard(stage.id)
    // saved from serverEntry: a stdio server with its folder
    return server as ExtensionServer
  }

  /** Two names that make the same folder name ("My Tool", "my-tool") are two extensions: no replacing. */
  private async assertSameExtension(installed: ExtensionServer, name: string): Promise<void> {
    const current = await readInstalledManifest(installed).then((m) => m.manifest.name, () => name)
    if (current !== name) {
      throw new ExtensionError('SERVER_EXISTS', `another extension, "${current}" (server "${installed.name}"), is installed in ${installed.dxtPath}; remove it first to install "${name}"`)
    }
  }

  /** `kept`: the user's own notSecret marks of the version it replaces (its settings' marks are the manifest's) */
  private serverEntry(stage: StagedExtension, userConfig: UserConfigValues, kept: readonly string[] = []): Omit<StdioServerInput, 'id'> {
    const { manifest, template, folder } = stage
    return {
      name: manifest.display_name ?? manifest.name,
      type: 'stdio',
      command: template.command,
      args: template.args,
      env: Object.keys(template.env).length ? template.env : undefined,
      cwd: folder,
      ui: { description: manifest.description, logoUrl: stage.iconDataUrl, provider: manifest.author?.name, providerUrl: manifest.author?.url, tags: manifest.keywords },
      dxtPath: folder,
      dxtVersion: manifest.version,
      installSource: 'dxt',
      userConfig,
      // what the manifest does not call sensitive (a greeting, a folder) may be shown, in a tool's result too
      notSecret: [
        ...kept.filter((name) => !name.startsWith(USER_CONFIG_PREFIX)),
        ...Object.entries(stage.fields)
          .filter(([, field]) => !field.sensitive)
          .map(([key]) => `${USER_CONFIG_PREFIX}${key}`)
      ]
    }
  }

  /** An installed extension's settings form, with the stored values (sensitive ones masked). */
  async userConfig(server: McpServer): Promise<ExtensionUserConfig> {
    const { fields } = await readInstalledManifest(server)
    return { fields, values: maskedValues(fields, (server.type === 'stdio' && server.userConfig) || {}) }
  }

  /** New settings for an installed extension; a masked value sent back keeps the stored one. */
  async setUserConfig(server: McpServer, values: UserConfigValues): Promise<McpServer> {
    const { fields } = await readInstalledManifest(server)
    const userConfig = checkUserConfig(fields, unmaskValues(fields, values, (server.type === 'stdio' && server.userConfig) || {}))
    return this.options.registry.update(server.id, { userConfig })
  }

  /** The installed extensions: each server with its manifest name. */
  async list(): Promise<{ server: ExtensionServer; name: string; version?: string }[]> {
    const servers = this.options.registry
      .snapshot()
      .servers.filter(isExtensionServer)
      .filter((server) => ownedFolder(this.options.userDataDir, server.dxtPath))
    return Promise.all(
      servers.map(async (server) => {
        // a folder whose manifest is gone still goes by its folder's name
        const name = await readInstalledManifest(server).then((m) => m.manifest.name, () => basename(server.dxtPath))
        return { server, name, version: server.dxtVersion }
      })
    )
  }

  /** The server of an installed extension, by its manifest name exactly (not its display name). */
  async findByName(name: string): Promise<ExtensionServer> {
    const installed = await this.list()
    const found = installed.find((entry) => entry.name === name)?.server
    if (!found) {
      throw new ExtensionError('EXTENSION_NOT_FOUND', `no extension named "${name}" is installed` + (installed.length ? ` (installed: ${installed.map((entry) => entry.name).join(', ')})` : ''))
    }
    return found
  }

}
