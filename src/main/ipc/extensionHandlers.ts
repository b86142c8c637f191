import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Platform } from '../platform/Platform'
import { ExtensionError } from '../services/extensions/extensionError'
import type { ExtensionInstaller } from '../services/extensions/ExtensionInstaller'
import type { OpenedFileInbox } from '../services/extensions/OpenedFileInbox'
import { knownServer } from '../services/servers/serverAccess'
import type { ServerRegistry } from '../services/servers/ServerRegistry'
import type { NamespaceHandlers } from './IpcRouter'

const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024

/** Desktop extensions: stage an archive for review, install it, its settings. */
export function extensionHandlers(deps: {
  installer: ExtensionInstaller
  registry: ServerRegistry
  platform: Platform
  /** files the OS opened the app with (Electron); browser mode has none */
  opened?: OpenedFileInbox
}): NamespaceHandlers<'extensions'> {
  const { installer, registry, platform } = deps
  return {
    'extensions:stage': ({ fileName, dataBase64 }) => {
      const data = Buffer.from(dataBase64, 'base64')
      if (data.length > MAX_ARCHIVE_BYTES) throw new ExtensionError('ARCHIVE_TOO_LARGE', `"${fileName}" is larger than 64 MB`)
      return installer.stage(fileName, data)
    },
    'extensions:install': async ({ stageId, userConfig, acceptInvalidSignature }) => {
      const server = await installer.install(stageId, userConfig, { acceptInvalidSignature })
      // the dialog showed the command; Electron confirms natively, as servers:approve does
      if (!platform.confirmStart || (await platform.confirmStart([server]))) await registry.approve(server.id)
      return registry.get(server.id) ?? server
    },
    'extensions:discard': ({ stageId }) => installer.discard(stageId),
    'extensions:take-opened': () => deps.opened?.take() ?? [],
    'extensions:stage-opened': async ({ openedId }) => {
      const path = deps.opened?.pathOf(openedId)
      if (!path) throw new ExtensionError('EXTENSION_NOT_FOUND', 'that opened file is no longer waiting: open it again')
      return installer.stage(basename(path), await readOpenedFile(path))
    },
    'extensions:user-config': ({ serverId }) => installer.userConfig(knownServer(registry, serverId)),
    'extensions:set-user-config': ({ serverId, values }) => installer.setUserConfig(knownServer(registry, serverId), values)
  }
}

/** A double-clicked file's bytes; it may have changed since it was opened, so size and type are checked again. */
async function readOpenedFile(path: string): Promise<Buffer> {
  const name = basename(path)
  let handle
  try {
    handle = await open(path, 'r')
  } catch {
    throw new ExtensionError('BAD_ARCHIVE', `"${name}" cannot be read any more: open it again`)
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new ExtensionError('BAD_ARCHIVE', `"${name}" is not a file`)
    if (stats.size > MAX_ARCHIVE_BYTES) throw new ExtensionError('ARCHIVE_TOO_LARGE', `"${name}" is larger than 64 MB`)
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
