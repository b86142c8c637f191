import { app, dialog, net, safeStorage, shell, type BrowserWindow } from 'electron'
import { approvalTarget } from '@shared/mcp/launchSpec'
import type { McpServer } from '@shared/mcp/server'
import { assertSafeExternalUrl } from '../security/externalUrl'
import type { Platform } from './Platform'

/** Opens a URL in the system browser only after it passed the http(s) check. */
export async function openExternalSafely(url: string): Promise<void> {
  const safe = assertSafeExternalUrl(url)
  await shell.openExternal(safe.href)
}

/**
 * The approval only the user can give: a native dialog showing the exact command line (with
 * the names of the variables it gets) or URL. The page cannot click it for them.
 */
export async function confirmStartNatively(servers: McpServer[], parent?: BrowserWindow): Promise<boolean> {
  const targets = servers.map((server) => `${server.name}${server.type === 'stdio' ? ' runs' : ' connects to'}:\n${approvalTarget(server)}`)
  const options = {
    type: 'warning' as const,
    title: app.getName(),
    message: servers.length === 1 ? `Run the MCP server "${servers[0].name}"?` : `Run these ${servers.length} MCP servers?`,
    detail: `${targets.join('\n\n')}\n\nOnly run servers you trust.`,
    buttons: ['Cancel', 'Run'],
    defaultId: 0,
    cancelId: 0,
    noLink: true
  }
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  return response === 1
}

/** A native folder picker, over our window when there is one; undefined when the user cancelled. */
export async function pickFolderNatively(parent?: BrowserWindow): Promise<string | undefined> {
  const options = { properties: ['openDirectory' as const, 'createDirectory' as const] }
  const { canceled, filePaths } = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
  return canceled ? undefined : filePaths[0]
}

/** A native file picker (an extension's `file` setting), over our window; undefined when cancelled. */
export async function pickFileNatively(parent?: BrowserWindow): Promise<string | undefined> {
  const options = { properties: ['openFile' as const] }
  const { canceled, filePaths } = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
  return canceled ? undefined : filePaths[0]
}

/** The Platform inside Electron: Electron's network stack, shell, safeStorage; events to our windows. */
export function createElectronPlatform(windows: () => BrowserWindow[]): Platform {
  const encryption = safeStorage.isEncryptionAvailable()
  return {
    kind: 'electron',
    appName: app.getName(),
    appVersion: app.getVersion(),
    userDataDir: app.getPath('userData'),
    // net.fetch takes a string or a Request; the SDK's transports may pass a URL
    fetch: ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      net.fetch(input instanceof URL ? input.href : input, init)) as typeof fetch,
    openExternal: openExternalSafely,
    confirmStart: (servers) => confirmStartNatively(servers, windows().find((win) => !win.isDestroyed())),
    pickFolder: () => pickFolderNatively(windows().find((win) => !win.isDestroyed())),
    pickFile: () => pickFileNatively(windows().find((win) => !win.isDestroyed())),
    openFolder: async (path) => {
      // openPath answers an error text rather than throwing
      const failure = await shell.openPath(path)
      if (failure) throw new Error(`could not open ${path}: ${failure}`)
    },
    emit(event, payload) {
      for (const win of windows()) {
        if (!win.isDestroyed()) win.webContents.send(event, payload)
      }
    },
    ...(encryption && {
      encrypt: (plain: string) => safeStorage.encryptString(plain).toString('base64'),
      decrypt: (cipher: string) => safeStorage.decryptString(Buffer.from(cipher, 'base64'))
    })
  }
}
