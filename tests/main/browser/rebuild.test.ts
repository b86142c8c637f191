import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startBrowserServer, type BrowserServer } from '../../../src/main/browser/BrowserServer'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { appHandlers } from '../../../src/main/ipc/appHandlers'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

const TOKEN = 'test-token-0123456789abcdef'
let server: BrowserServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(rendererDir: string): Promise<string> {
  const router = new IpcRouter()
  const platform = createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-bm-')) })
  router.handleAll(appHandlers({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) } }))
  server = await startBrowserServer({ router, rendererDir, token: TOKEN })
  return `http://127.0.0.1:${server.port}`
}

/** the server still answers a real call afterwards */
async function stillServes(base: string) {
  const res = await fetch(`${base}/api/invoke`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'app:get-info' })
  })
  expect(await res.json()).toMatchObject({ ok: true, result: { mode: 'browser' } })
}

async function expectRebuildPage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers })
  expect(res.status).toBe(503)
  expect(await res.text()).toContain('MCP Studio is being rebuilt — reload in a moment')
}

describe('browser mode while the renderer is being rebuilt', () => {
  it('no index.html at start: the page is a short "being rebuilt" answer, with or without the token, and the server stays up', async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'mcp-renderer-'))
    const base = await start(rendererDir)
    await expectRebuildPage(`${base}/`)
    await expectRebuildPage(`${base}/`, { authorization: `Bearer ${TOKEN}` })
    await expectRebuildPage(`${base}/?token=${TOKEN}`)
    await expectRebuildPage(`${base}/install?servers=e30`)
    expect((await fetch(`${base}/assets/index-abc.js`)).status).toBe(404)
    await stillServes(base)

    // the build lands: served at once, no restart
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Studio</title>')
    const page = await fetch(`${base}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>MCP Studio</title>')
  })

  it('index.html removed after start, then rebuilt with other content: never a crash, then the new page whole', async () => {
    const rendererDir = mkdtempSync(join(tmpdir(), 'mcp-renderer-'))
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>old</title>')
    writeFileSync(join(rendererDir, 'app.js'), 'console.log(1)')
    const base = await start(rendererDir)
    expect((await fetch(`${base}/`)).status).toBe(200)

    rmSync(join(rendererDir, 'index.html'))
    rmSync(join(rendererDir, 'app.js'))
    await expectRebuildPage(`${base}/`)
    await expectRebuildPage(`${base}/`, { authorization: `Bearer ${TOKEN}` })
    await expectRebuildPage(`${base}/install?servers=e30`)
    expect((await fetch(`${base}/app.js`)).status).toBe(404)
    // looked up on disk at each request, yet still no dotfiles
    writeFileSync(join(rendererDir, '.secret'), 'x')
    expect((await fetch(`${base}/.secret`)).status).toBe(404)
    expect((await fetch(`${base}/%2esecret`)).status).toBe(404)
    await stillServes(base)

    const rebuilt = '<!doctype html><title>MCP Studio, rebuilt with a longer page</title>'
    writeFileSync(join(rendererDir, 'index.html'), rebuilt)
    const page = await fetch(`${base}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(rebuilt)
  })
})
