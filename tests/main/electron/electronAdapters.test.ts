// The only test that mocks electron (its binary cannot run here): the thin adapters around it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { McpServer } from '@shared/mcp/server'

const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void
  class FakeWebContents {
    id = 1
    listeners = new Map<string, Listener>()
    openHandler?: (details: { url: string }) => { action: string }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener)
      return this
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler
    }
    getURL() {
      return 'app://mcp-studio/index.html'
    }
  }
  const windows: Array<{ options: Record<string, unknown>; loaded?: string; webContents: FakeWebContents }> = []
  class BrowserWindow {
    webContents = new FakeWebContents()
    constructor(public options: Record<string, unknown>) {
      windows.push(this as never)
    }
    once() {}
    on() {}
    loadURL(url: string) {
      ;(this as unknown as { loaded: string }).loaded = url
      return Promise.resolve()
    }
  }
  const handlers = new Map<string, (event: unknown, args: unknown) => unknown>()
  return {
    windows,
    handlers,
    module: {
      BrowserWindow,
      shell: { openExternal: vi.fn(async () => undefined) },
      ipcMain: {
        handle: (channel: string, fn: (event: unknown, args: unknown) => unknown) => handlers.set(channel, fn),
        removeHandler: (channel: string) => handlers.delete(channel)
      },
      app: { getName: () => 'MCP Studio', getVersion: () => '0.1.0', getPath: () => '/tmp', on: vi.fn() },
      net: { fetch: vi.fn() },
      dialog: {
        showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })),
        showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] }))
      },
      safeStorage: { isEncryptionAvailable: () => false },
      protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
      session: { defaultSession: fakeSession() }
    }
  }
  function fakeSession() {
    return {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      setDisplayMediaRequestHandler: vi.fn()
    }
  }
})
vi.mock('electron', () => ({ ...electron.module, default: electron.module }))

const { createAppWindow, isOwnPage, secureWebPreferences } = await import('../../../src/main/platform/electronWindows')
const { registerAppScheme, serveRenderer, applyPermissionPolicy } = await import('../../../src/main/platform/electronSecurity')
const { confirmStartNatively, openExternalSafely, pickFileNatively, pickFolderNatively } = await import('../../../src/main/platform/electronPlatform')
const { bindRouterToIpcMain } = await import('../../../src/main/ipc/electronIpc')
const { IpcRouter } = await import('../../../src/main/ipc/IpcRouter')
const { appHandlers } = await import('../../../src/main/ipc/appHandlers')
const { createNodePlatform } = await import('../../../src/main/platform/nodePlatform')

beforeEach(() => {
  electron.module.shell.openExternal.mockClear()
  electron.windows.length = 0
})

describe('Electron windows', () => {
  it('opens every window isolated, sandboxed, without Node, with our preload', () => {
    const win = createAppWindow({ page: 'index', outDir: '/app/out', title: 'MCP Studio', width: 800, height: 600 }) as unknown as {
      options: { webPreferences: Record<string, unknown> }
      loaded: string
    }
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: join('/app/out', 'preload', 'index.cjs')
    })
    // app://, not file://: a real origin for the CSP header and the sender checks
    expect(win.loaded).toBe('app://mcp-studio/index.html')
    expect(secureWebPreferences('/p').sandbox).toBe(true)
  })

  it('denies navigation and new windows; only http(s) links reach the system browser', async () => {
    const win = createAppWindow({ page: 'trace', outDir: '/app/out', title: 'Trace', width: 800, height: 600 })
    const contents = (win as unknown as { webContents: InstanceType<typeof electron.module.BrowserWindow>['webContents'] }).webContents
    const navigate = contents.listeners.get('will-navigate')!
    const event = { preventDefault: vi.fn() }
    navigate(event, 'https://evil.example/phish')
    expect(event.preventDefault).toHaveBeenCalled()

    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x.example/', 'https://modelcontextprotocol.io/']) {
      expect(contents.openHandler!({ url })).toEqual({ action: 'deny' })
    }
    await new Promise((r) => setTimeout(r, 0))
    expect(electron.module.shell.openExternal.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      'https://evil.example/phish',
      'https://modelcontextprotocol.io/'
    ])
  })

  it('openExternal refuses file:, javascript: and anything not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', 'smb://host/x']) {
      await expect(openExternalSafely(url)).rejects.toThrow(/Refused/)
    }
    expect(electron.module.shell.openExternal).not.toHaveBeenCalled()
    await openExternalSafely('https://example.com/')
    expect(electron.module.shell.openExternal).toHaveBeenCalledWith('https://example.com/')
  })

  it('knows its own pages', () => {
    expect(isOwnPage('app://mcp-studio/index.html', '')).toBe(true)
    // file:// is no longer ours: any local file would have had that "origin"
    expect(isOwnPage(pathToFileURL('/app/out/renderer/index.html').href, '')).toBe(false)
    expect(isOwnPage('https://evil.example/', '')).toBe(false)
    expect(isOwnPage('http://localhost:5173/index.html', 'http://localhost:5173')).toBe(true)
    expect(isOwnPage('http://localhost:5174/', 'http://localhost:5173')).toBe(false)
  })
})

describe('Electron session and scheme', () => {
  it('registers app:// as a standard secure scheme and serves the renderer folder with it', async () => {
    registerAppScheme()
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }
    ])
    serveRenderer('/no/such/renderer')
    const [scheme, handler] = electron.module.protocol.handle.mock.calls[0] as unknown as [string, (r: Request) => Promise<Response>]
    expect(scheme).toBe('app')
    expect((await handler(new Request('app://mcp-studio/index.html'))).status).toBe(404)
  })

  it('denies every permission request and check but the clipboard write of our own pages', () => {
    const ses = electron.module.session.defaultSession
    applyPermissionPolicy(ses as never, '')
    const request = ses.setPermissionRequestHandler.mock.calls[0][0] as unknown as (c: unknown, p: string, cb: (ok: boolean) => void, d: { requestingUrl: string }) => void
    const answers: boolean[] = []
    request(null, 'media', (ok) => answers.push(ok), { requestingUrl: 'app://mcp-studio/index.html' })
    request(null, 'clipboard-sanitized-write', (ok) => answers.push(ok), { requestingUrl: 'https://evil.example/' })
    request(null, 'clipboard-sanitized-write', (ok) => answers.push(ok), { requestingUrl: 'app://mcp-studio/index.html' })
    expect(answers).toEqual([false, false, true])
    const check = ses.setPermissionCheckHandler.mock.calls[0][0] as unknown as (c: unknown, p: string, origin: string) => boolean
    expect(check(null, 'geolocation', 'app://mcp-studio')).toBe(false)
    expect(check(null, 'clipboard-sanitized-write', 'app://mcp-studio')).toBe(true)
    const device = ses.setDevicePermissionHandler.mock.calls[0][0] as unknown as () => boolean
    expect(device()).toBe(false)
    const display = ses.setDisplayMediaRequestHandler.mock.calls[0][0] as unknown as (r: unknown, cb: (s: unknown) => void) => void
    const streams: unknown[] = []
    display({}, (s) => streams.push(s))
    expect(streams).toEqual([null])
  })
})

describe('Electron IPC adapter', () => {
  it('binds every channel and checks the sender before the router runs', async () => {
    const router = new IpcRouter()
    const platform = createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-el-')) })
    router.handleAll(appHandlers({ platform, mode: 'electron', windows: { openTraceWindow: () => ({ opened: true }) } }))
    const trusted = (url: string | undefined, id: number) => url === 'app://mcp-studio/index.html' && id === 1
    const unbind = bindRouterToIpcMain(electron.module.ipcMain as never, router, trusted)
    expect([...electron.handlers.keys()].sort()).toEqual(router.channels().sort())

    const call = electron.handlers.get('app:get-info')!
    const own = { senderFrame: { url: 'app://mcp-studio/index.html' }, sender: { id: 1 } }
    expect(await call(own, undefined)).toMatchObject({ ok: true, result: { mode: 'electron', name: 'MCP Studio' } })

    const foreign = { senderFrame: { url: 'https://evil.example/' }, sender: { id: 1 } }
    expect(await call(foreign, undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    const noFrame = { senderFrame: null, sender: { id: 1 } }
    expect(await call(noFrame, undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    unbind()
    expect(electron.handlers.size).toBe(0)
  })
})

describe('Electron approval dialog', () => {
  const server: McpServer = { id: 's', name: 'github', type: 'stdio', command: 'npx', args: ['-y', '@example/github-mcp'], env: { GITHUB_TOKEN: 'ghp_secret_value_123' }, cwd: '/work', isActive: true }

  it('shows the whole command, the names (never the values) of its variables and its folder; Run approves, Cancel does not', async () => {
    const show = electron.module.dialog.showMessageBox
    show.mockResolvedValueOnce({ response: 1 })
    expect(await confirmStartNatively([server])).toBe(true)
    const options = show.mock.calls.at(-1)!.at(-1) as { message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number }
    expect(options.message).toBe('Run the MCP server "github"?')
    expect(options.detail).toContain('npx -y @example/github-mcp')
    expect(options.detail).toContain('env: GITHUB_TOKEN')
    expect(options.detail).toContain('cwd: /work')
    expect(options.detail).not.toContain('ghp_secret_value_123')
    // the safe answer is the default, and what Esc gives
    expect(options.buttons[options.defaultId]).toBe('Cancel')
    expect(options.cancelId).toBe(options.defaultId)

    show.mockResolvedValueOnce({ response: 0 })
    expect(await confirmStartNatively([server, { id: 't', name: 'remote', type: 'httpAuto', baseUrl: 'https://example.com/mcp', isActive: true }])).toBe(false)
    const both = show.mock.calls.at(-1)!.at(-1) as { message: string; detail: string }
    expect(both.message).toBe('Run these 2 MCP servers?')
    expect(both.detail).toContain('remote connects to:\nhttps://example.com/mcp')
  })
})

describe('Electron folder picker (app:pick-folder)', () => {
  const pickFolder = (platform: ReturnType<typeof createNodePlatform>) =>
    appHandlers({ platform, mode: 'electron', windows: { openTraceWindow: () => ({ opened: true }) } })['app:pick-folder'](undefined, { via: 'electron' })

  it('opens a folder-only dialog; the folder picked, or cancelled, comes back to the page', async () => {
    const open = electron.module.dialog.showOpenDialog
    open.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/me/notes'] })
    expect(await pickFolderNatively()).toBe('/home/me/notes')
    const options = open.mock.calls.at(-1)!.at(-1) as { properties: string[] }
    expect(options.properties).toContain('openDirectory')
    expect(options.properties).not.toContain('openFile')
    open.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    expect(await pickFolderNatively()).toBeUndefined()

    const platform = { ...createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-el-')) }), pickFolder: () => pickFolderNatively() }
    open.mockResolvedValueOnce({ canceled: false, filePaths: ['/data'] })
    expect(await pickFolder(platform)).toEqual({ status: 'picked', path: '/data' })
    open.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    expect(await pickFolder(platform)).toEqual({ status: 'cancelled' })
  })

  it('browser mode and the CLI have no native picker: the page is told, and asks for a path itself', async () => {
    expect(await pickFolder(createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-el-')) }))).toEqual({ status: 'unavailable' })
  })
})

describe('Electron file picker (app:pick-file, an extension\'s file setting)', () => {
  const pickFile = (platform: ReturnType<typeof createNodePlatform>) =>
    appHandlers({ platform, mode: 'electron', windows: { openTraceWindow: () => ({ opened: true }) } })['app:pick-file'](undefined, { via: 'electron' })

  it('opens a file-only dialog; the file picked, a cancel, or no picker at all comes back to the page', async () => {
    const open = electron.module.dialog.showOpenDialog
    open.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/me/app.log'] })
    expect(await pickFileNatively()).toBe('/home/me/app.log')
    const options = open.mock.calls.at(-1)!.at(-1) as { properties: string[] }
    expect(options.properties).toEqual(['openFile'])

    const platform = { ...createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-el-')) }), pickFile: () => pickFileNatively() }
    open.mockResolvedValueOnce({ canceled: false, filePaths: ['/data/key.pem'] })
    expect(await pickFile(platform)).toEqual({ status: 'picked', path: '/data/key.pem' })
    open.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    expect(await pickFile(platform)).toEqual({ status: 'cancelled' })
    expect(await pickFile(createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-el-')) }))).toEqual({ status: 'unavailable' })
  })
})
