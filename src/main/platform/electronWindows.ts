import { BrowserWindow, type WebContents, type WebPreferences } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { openExternalSafely } from './electronPlatform'

/** Electron's security checklist for every window we open (SPEC §S). */
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

/** Where the renderer pages come from: the dev server in `electron-vite dev`, built files otherwise. */
export function rendererUrl(outDir: string, page: 'index' | 'trace', devServer = process.env.ELECTRON_RENDERER_URL): string {
  if (devServer) return new URL(`${page}.html`, devServer.endsWith('/') ? devServer : `${devServer}/`).href
  return pathToFileURL(join(outDir, 'renderer', `${page}.html`)).href
}

/** True when a URL is one of our own pages (same origin for the dev server, our folder for files). */
export function isOwnPage(url: string, outDir: string, devServer = process.env.ELECTRON_RENDERER_URL): boolean {
  try {
    const parsed = new URL(url)
    if (devServer) return parsed.origin === new URL(devServer).origin
    return parsed.protocol === 'file:' && parsed.href.startsWith(pathToFileURL(join(outDir, 'renderer')).href + '/')
  } catch {
    return false
  }
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
  void win.loadURL(rendererUrl(options.outDir, options.page))
  return win
}
