import { mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INSTALL_LINK_MAX_LENGTH, parseInstallLink } from '@shared/mcp/installLink'
import { startBrowserServer, type BrowserServer } from '../../../src/main/browser/BrowserServer'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'

let server: BrowserServer

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'mcp-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Studio</title>')
  server = await startBrowserServer({ router: new IpcRouter(), rendererDir, token: 'test-token-0123456789abcdef' })
})
afterAll(() => server.close())

/** GET with a browser's usual headers; a plain request, so a huge request line is sent as is */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { host: `127.0.0.1:${server.port}`, 'user-agent': 'Mozilla/5.0 '.repeat(20), accept: 'text/html' } },
      (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (d: string) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      }
    )
    req.on('error', reject)
    req.end()
  })
}

/** /install?servers=… whose whole mcpstudio:// link is `length` characters */
const installPath = (length: number) => `/install?servers=${'A'.repeat(length - 'mcpstudio://install?servers='.length)}`

describe('install links as long as the README allows, in browser mode', () => {
  it('a 40 KB link (over Node\'s default 16 KB of headers) gets the page, not a bare 431', async () => {
    const res = await get(installPath(40 * 1024))
    expect(res.status).toBe(200)
    expect(res.body).toContain('<title>MCP Studio</title>')
  })

  it('a link of exactly the limit gets the page', async () => {
    expect((await get(installPath(INSTALL_LINK_MAX_LENGTH))).status).toBe(200)
  })

  it('a link just over the limit gets the page too, which refuses it by name with its length', async () => {
    const path = installPath(INSTALL_LINK_MAX_LENGTH + 1000)
    expect((await get(path)).status).toBe(200)
    // what the page does with its address (installLinkFromLocation, then this)
    expect(() => parseInstallLink(`mcpstudio://install${path.slice('/install'.length)}`)).toThrow(`over the limit of ${INSTALL_LINK_MAX_LENGTH}`)
  })

  it('an address far over any install link is refused by name (431), and the server answers on', async () => {
    const res = await get(installPath(4 * 1024 * 1024))
    expect(res.status).toBe(431)
    expect(res.body).toContain(`an install link can be at most ${INSTALL_LINK_MAX_LENGTH} characters`)
    expect(res.body).toContain('refused and nothing was added')
    expect((await get('/')).status).toBe(200)
  })
})
