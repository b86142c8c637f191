import type { Platform } from '../platform/Platform'
import { ExtensionError } from '../services/extensions/extensionError'
import type { ExtensionInstaller } from '../services/extensions/ExtensionInstaller'
import { knownServer } from '../services/servers/serverAccess'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024

/** Desktop extensions (SPEC §D): stage an archive for review, install it, its settings. */
export function extensionHandlers(deps: { installer: ExtensionInstaller; registry: ServerRegistry; platform: Platform }): NamespaceHandlers<'extensions'> {
  const { installer, registry, platform } = deps
  return {
    'extensions:stage': ({ fileName, dataBase64 }) => {
      const data = Buffer.from(dataBase64, 'base64')
      if (data.length > MAX_ARCHIVE_BYTES) throw new ExtensionError('ARCHIVE_TOO_LARGE', `"${fileName}" is larger than 64 MB`)
      return installer.stage(fileName, data)
    },
    'extensions:install': async ({ stageId, userConfig, acceptInvalidSignature }) => {
      const server = await installer.install(stageId, userConfig, { acceptInvalidSignature })
      // O2: the dialog showed the command; Electron confirms natively, as servers:approve does
      if (!platform.confirmStart || (await platform.confirmStart([server]))) await registry.approve(server.id)
      return registry.get(server.id) ?? server
    },
    'extensions:discard': ({ stageId }) => installer.discard(stageId),
    'extensions:user-config': ({ serverId }) => installer.userConfig(knownServer(registry, serverId)),
    'extensions:set-user-config': ({ serverId, values }) => installer.setUserConfig(knownServer(registry, serverId), values)
  }
}
