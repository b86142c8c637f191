import { BrowserWindow, type WebContents, type WebPreferences } from 'electron'
import { join } from 'node:path'
import { APP_ORIGIN, isAppUrl } from '../security/appOrigin'
import { devServerUrl } from './electronDevServer'
import { openExternalSafely } from './electronPlatform'

/** Electron's security checklist for every window we open. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false
  }
}

/**
 * Where the renderer pages come from: the dev server in `electron-vite dev` (never in a packaged
 * app), otherwise app://, which serves the built renderer folder (a real origin for the CSP and
 * the sender checks).
 */
export function rendererUrl(page: 'index' | 'trace', devServer = devServerUrl()): string {
  if (devServer) return new URL(`${page}.html`, devServer.endsWith('/') ? devServer : `${devServer}/`).href
  return `${APP_ORIGIN}/${page}.html`
}

/** True when a URL is one of our own pages (app://mcp-studio, or the dev server's origin). */
export function isOwnPage(url: string, devServer = devServerUrl()): boolean {
  return isAppUrl(url, devServer)
}

/** No navigation away from our pages, no new windows; http(s) links go to the system browser. */
export function hardenWebContents(contents: WebContents): void {
  // loadURL is not a will-navigate; every page-initiated navigation is
  contents.on('will-navigate', (event, url) => {
    event.preventDefault()
    void openExternalSafely(url).catch(() => undefined)
  })
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url).catch(() => undefined)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function createAppWindow(options: {
  page: 'index' | 'trace'
  /** a query for the page (the Trace window's `?traceId=`) */
  search?: string
  outDir: string
  title: string
  width: number
  height: number
}): BrowserWindow {
  const win = new BrowserWindow({
    title: options.title,
    width: options.width,
    height: options.height,
    show: false,
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(join(options.outDir, 'preload', 'index.cjs'))
  })
  hardenWebContents(win.webContents)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(`${rendererUrl(options.page)}${options.search ?? ''}`)
  return win
}
