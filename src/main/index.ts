import { app, BrowserWindow, ipcMain, Menu, type MenuItemConstructorOptions } from 'electron'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHost, type Host } from './createHost'
import { bindRouterToIpcMain } from './ipc/electronIpc'
import { createElectronPlatform } from './platform/electronPlatform'
import { registerAppScheme, lockDownSessions, serveRenderer } from './platform/electronSecurity'
import { createAppWindow, isOwnPage, rendererUrl } from './platform/electronWindows'
import { registerInstallLinks } from './platform/electronInstallLinks'
import { registerExtensionFiles } from './platform/electronExtensionFiles'
import { OpenedFileInbox } from './services/extensions/OpenedFileInbox'
import { InstallLinkInbox } from './services/installLinks/InstallLinkInbox'
import { userLoginShellEnv } from './services/mcp/loginEnvCache'

// out/main/index.js → out/
const outDir = fileURLToPath(new URL('..', import.meta.url))

let mainWindow: BrowserWindow | null = null
let traceWindow: BrowserWindow | null = null
let host: Host | null = null
// mcpstudio:// links wait here for the window, which shows them to the user
const installLinks = new InstallLinkInbox()
// so do double-clicked .mcpb/.dxt files, for the install dialog
const openedExtensions = new OpenedFileInbox()

function openMainWindow() {
  if (mainWindow && !mainWindow.isDestroyed()) return mainWindow.focus()
  mainWindow = createAppWindow({ page: 'index', outDir, title: app.getName(), width: 1200, height: 800 })
  mainWindow.on('closed', () => (mainWindow = null))
}

/** `traceId`: a call's trace (its link in the editor); the open window is sent there. */
function openTraceWindow(traceId?: string) {
  const search = traceId ? `?traceId=${traceId}` : ''
  if (traceWindow && !traceWindow.isDestroyed()) {
    if (traceId) void traceWindow.loadURL(`${rendererUrl('trace')}${search}`)
    traceWindow.focus()
  } else {
    traceWindow = createAppWindow({ page: 'trace', search, outDir, title: `${app.getName()} — Trace`, width: 1000, height: 700 })
    traceWindow.on('closed', () => (traceWindow = null))
  }
  return { opened: true }
}

function ownWindows(): BrowserWindow[] {
  return [mainWindow, traceWindow].filter((w): w is BrowserWindow => !!w && !w.isDestroyed())
}

function buildMenu() {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Trace', accelerator: 'CmdOrCtrl+Shift+T', click: () => openTraceWindow() },
        { type: 'separator' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { role: 'togglefullscreen' }
      ]
    },
    { role: 'windowMenu' }
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

// must happen before ready: app:// becomes a standard, secure scheme with a real origin
registerAppScheme()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => openMainWindow())
  registerInstallLinks(app, (link) => {
    installLinks.deliver(link)
    if (app.isReady()) openMainWindow()
  })
  registerExtensionFiles(app, (path) => {
    openedExtensions.deliver(path)
    if (app.isReady()) openMainWindow()
  })

  void app.whenReady().then(async () => {
    serveRenderer(join(outDir, 'renderer'))
    lockDownSessions()
    const platform = createElectronPlatform(ownWindows)
    // the profile's environment from the last start: the first stdio server does not wait for the shell
    const loginShellEnv = userLoginShellEnv(platform.userDataDir)
    host = await createHost({ platform, mode: 'electron', windows: { openTraceWindow }, installLinks, openedExtensions, loginShellEnv, mcpOptions: { loginShellEnv } })
    const trusted = (frameUrl: string | undefined, id: number) =>
      !!frameUrl && isOwnPage(frameUrl) && ownWindows().some((w) => w.webContents.id === id)
    bindRouterToIpcMain(ipcMain, host.router, trusted)
    buildMenu()
    openMainWindow()
    app.on('activate', () => openMainWindow())
  })

  app.on('window-all-closed', () => app.quit())

  // close every MCP client and child process before the app goes
  let closed = false
  app.on('before-quit', (event) => {
    if (closed || !host) return
    event.preventDefault()
    const running = host
    void running.close().finally(() => {
      closed = true
      app.quit()
    })
  })
}
