import { app, net, safeStorage, shell, type BrowserWindow } from 'electron'
import { assertSafeExternalUrl } from '../security/externalUrl'
import type { Platform } from './Platform'

/** Opens a URL in the system browser only after it passed the http(s) check. */
export async function openExternalSafely(url: string): Promise<void> {
  const safe = assertSafeExternalUrl(url)
  await shell.openExternal(safe.href)
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
