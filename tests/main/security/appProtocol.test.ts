import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_CSP, APP_ORIGIN, isAppUrl } from '../../../src/main/security/appOrigin'
import { createAppProtocolHandler } from '../../../src/main/security/appProtocol'
import { allowPermission } from '../../../src/main/security/permissionPolicy'

// a built renderer folder, with a secret file beside it and a symlink inside pointing out
const base = mkdtempSync(join(tmpdir(), 'mcp-app-scheme-'))
const root = join(base, 'renderer')
mkdirSync(join(root, 'assets'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html><title>MCP Studio</title>')
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(base, 'secret.txt'), 'not for the page')
symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'))
const handle = createAppProtocolHandler(root)
const get = (url: string, method = 'GET') => handle(new Request(url, { method }))

describe('app:// serves the built renderer and nothing else', () => {
  it('serves pages with the strict CSP header, and scripts with their type', async () => {
    const page = await get(`${APP_ORIGIN}/index.html`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>MCP Studio</title>')
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP)
    expect(APP_CSP).toContain("frame-ancestors 'none'")
    expect((await get(`${APP_ORIGIN}/`)).status).toBe(200)

    const script = await get(`${APP_ORIGIN}/assets/app.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses every way out of the folder: encoded dot-dot, backslash, NUL, a symlink out', async () => {
    for (const path of ['/assets/..%2f..%2fsecret.txt', '/assets%5c..%5c..%5csecret.txt', '/index.html%00.js', '/assets/link.txt']) {
      const res = await get(`${APP_ORIGIN}${path}`)
      expect(res.status, path).toBe(403)
      expect(await res.text()).not.toContain('not for the page')
    }
    // an encoded dot-dot segment is folded by the URL itself: it stays in the folder, where nothing is
    const folded = await get(`${APP_ORIGIN}/%2e%2e/secret.txt`)
    expect(folded.status).toBe(404)
    expect(await folded.text()).not.toContain('not for the page')
  })

  it('answers 404 for what is missing or for another host, 405 for writes', async () => {
    expect((await get(`${APP_ORIGIN}/missing.js`)).status).toBe(404)
    expect((await get(`${APP_ORIGIN}/assets`)).status).toBe(404)
    expect((await get('app://other-host/index.html')).status).toBe(404)
    expect((await get(`${APP_ORIGIN}/index.html`, 'POST')).status).toBe(405)
  })
})

describe('our origin, and the permissions it gets', () => {
  it('knows app://mcp-studio exactly, or the dev server when one runs', () => {
    expect(isAppUrl(`${APP_ORIGIN}/trace.html`)).toBe(true)
    for (const url of ['app://mcp-studio.evil/x', 'app://user@mcp-studio/', 'app://mcp-studio:99/', 'https://mcp-studio/', 'file:///index.html', 'not a url', undefined]) {
      expect(isAppUrl(url), String(url)).toBe(false)
    }
    expect(isAppUrl('http://localhost:5173/index.html', 'http://localhost:5173')).toBe(true)
    expect(isAppUrl(`${APP_ORIGIN}/index.html`, 'http://localhost:5173')).toBe(false)
  })

  it('grants our pages only what the copy buttons use, and nothing to anyone else', () => {
    expect(allowPermission('clipboard-sanitized-write', `${APP_ORIGIN}/index.html`)).toBe(true)
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'display-capture', 'fullscreen', 'openExternal', 'hid']) {
      expect(allowPermission(permission, `${APP_ORIGIN}/index.html`), permission).toBe(false)
    }
    expect(allowPermission('clipboard-sanitized-write', 'https://evil.example/')).toBe(false)
    expect(allowPermission('clipboard-sanitized-write', undefined)).toBe(false)
  })
})
