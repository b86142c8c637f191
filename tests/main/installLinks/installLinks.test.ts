import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import type { App } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { buildInstallLink, INSTALL_LINK_MAX_LENGTH, parseInstallLink } from '@shared/mcp/installLink'
import { startBrowserServer } from '../../../src/main/browser/BrowserServer'
import { assembleHost } from '../../../src/main/createHost'
import { registerInstallLinks } from '../../../src/main/platform/electronInstallLinks'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { InstallLinkInbox, installLinksIn } from '../../../src/main/services/installLinks/InstallLinkInbox'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { createDirectApi } from '../../support/directApi'
import { tempFolders } from '../../support/tempFolders'

const link = buildInstallLink({ mcpServers: { time: { command: 'uvx', args: ['mcp-server-time'] } } })
const folders = tempFolders()
const tempDir = folders.make
afterEach(folders.removeAll)

describe('the install-link inbox', () => {
  it('keeps links until the window takes them, each once, and tells who listens', () => {
    const inbox = new InstallLinkInbox()
    let told = 0
    inbox.onArrival(() => told++)
    inbox.deliver(link)
    inbox.deliver('https://example.com/not-ours')
    expect(told).toBe(1)
    expect(inbox.take()).toEqual([link])
    expect(inbox.take()).toEqual([])
  })

  it('keeps an oversized link cut just past the limit, so the window can still say it was too long', () => {
    const inbox = new InstallLinkInbox()
    inbox.deliver(`mcpstudio://install?servers=${'A'.repeat(10 * INSTALL_LINK_MAX_LENGTH)}`)
    const [kept] = inbox.take()
    expect(kept.length).toBe(INSTALL_LINK_MAX_LENGTH + 1)
    expect(() => parseInstallLink(kept)).toThrow(/over the limit/)
  })

  it('finds the links among a process\'s arguments (Windows and Linux start the app with them)', () => {
    expect(installLinksIn(['/usr/bin/mcp-studio', '--flag', link, 'MCPSTUDIO://install?servers=e30'])).toEqual([link, 'MCPSTUDIO://install?servers=e30'])
  })
})

describe('install links in Electron (the adapter, on a stand-in for app)', () => {
  function fakeApp() {
    const emitter = new EventEmitter()
    const registered: unknown[][] = []
    const app = Object.assign(emitter, { setAsDefaultProtocolClient: (...args: unknown[]) => (registered.push(args), true) })
    return { app: app as unknown as App, emitter, registered }
  }

  it('registers mcpstudio://, and hands over the start link, open-url (macOS) and a second instance\'s argv', () => {
    const { app, emitter, registered } = fakeApp()
    const got: string[] = []
    registerInstallLinks(app, (l) => got.push(l), ['/opt/MCP Studio/mcp-studio', link])
    expect(registered[0][0]).toBe('mcpstudio')
    expect(got).toEqual([link])
    let prevented = false
    emitter.emit('open-url', { preventDefault: () => (prevented = true) }, 'mcpstudio://install?servers=e30')
    expect(prevented).toBe(true)
    emitter.emit('second-instance', {}, ['/opt/MCP Studio/mcp-studio', '--', 'mcpstudio://install?name=x&servers=e30'], '/')
    expect(got).toEqual([link, 'mcpstudio://install?servers=e30', 'mcpstudio://install?name=x&servers=e30'])
  })
})

describe('install links through the host', () => {
  it('app:install-links tells the window, app:take-install-links hands the link over once', async () => {
    const userDataDir = tempDir('mcp-links-')
    let emit: (event: never, payload: unknown) => void = () => {}
    const platform = createNodePlatform({ userDataDir, onEvent: (event, payload) => emit(event as never, payload) })
    const installLinks = new InstallLinkInbox()
    const host = assembleHost(
      { platform, mode: 'electron', installLinks, windows: { openTraceWindow: () => ({ opened: true }) } },
      new ServerRegistry({ userDataDir })
    )
    const direct = createDirectApi(host.router)
    emit = direct.emit
    const told: unknown[] = []
    direct.api.on('app:install-links', (payload) => told.push(payload))
    installLinks.deliver(link)
    expect(told).toEqual([{}])
    expect(await direct.api.app.takeInstallLinks()).toEqual([link])
    expect(await direct.api.app.takeInstallLinks()).toEqual([])
    // a link adds nothing by itself
    expect((await direct.api.servers.list()).servers).toEqual([])
    await host.close()
  })

  it('browser mode has no inbox: nothing to take', async () => {
    const userDataDir = tempDir('mcp-links-')
    const host = assembleHost(
      { platform: createNodePlatform({ userDataDir }), mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } },
      new ServerRegistry({ userDataDir })
    )
    expect(await createDirectApi(host.router).api.app.takeInstallLinks()).toEqual([])
    await host.close()
  })
})

describe('install links in browser mode: /install is the app\'s page', () => {
  it('serves the page (with its CSP) for /install?servers=…, and the API still needs the token', async () => {
    const rendererDir = tempDir('mcp-renderer-')
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Studio</title>')
    const userDataDir = tempDir('mcp-links-')
    const host = assembleHost(
      { platform: createNodePlatform({ userDataDir }), mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } },
      new ServerRegistry({ userDataDir })
    )
    const server = await startBrowserServer({ router: host.router, rendererDir, token: 'a-token-0123456789' })
    try {
      const base = `http://127.0.0.1:${server.port}`
      const page = await fetch(`${base}/install?${new URL(link).search.slice(1)}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<title>MCP Studio</title>')
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect((await fetch(`${base}/install/other`)).status).toBe(404)
      const api = await fetch(`${base}/api/invoke`, { method: 'POST', body: JSON.stringify({ channel: 'servers:list' }) })
      expect(api.status).toBe(401)
    } finally {
      await server.close()
      await host.close()
    }
  })
})
