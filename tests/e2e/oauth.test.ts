import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvalTarget } from '@shared/mcp/launchSpec'
import type { McpServer } from '@shared/mcp/server'
import { startAuthServer, type AuthServer } from '../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../fixtures/oauth/resourceServer'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'

// OAuth sign-in in a real browser: a remote server that needs OAuth shows "needs sign-in"; Sign in
// hands the authorization URL to the system browser, which here is a script ($BROWSER, as
// xdg-open uses it) that writes the URL down; the test then plays the browser, opening that URL in
// Chromium, where oidc-provider approves and redirects to the app's real callback server; the
// server then connects and its tool appears.
let auth: AuthServer
let rs: ResourceServer
let page: Page
const holder: { auth?: AuthServer } = {}
const scratch = join(ARTIFACTS, 'oauth-browser')
const urlFile = join(scratch, 'opened-urls.txt')

// before the app starts: the servers and the "system browser" it will use
const started = (async () => {
  rs = await startResourceServer(() => holder.auth!)
  auth = holder.auth = await startAuthServer({ resource: () => rs.url })
})()

mkdirSync(scratch, { recursive: true })
writeFileSync(urlFile, '')
const browserScript = join(scratch, 'browser.sh')
writeFileSync(browserScript, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${urlFile}'\n`)
chmodSync(browserScript, 0o755)
// xdg-open (which `open` runs) hands the URL to $BROWSER when there is no desktop to ask
process.env.BROWSER = browserScript
for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'XDG_CURRENT_DESKTOP', 'DESKTOP_SESSION']) delete process.env[name]

// registered first, so it runs before the app session's start (hooks run in order)
beforeAll(() => started, 30_000)

appSession((session) => ({ page } = session), {
  prepare: (userDataDir) => {
    // the app's list as an earlier session left it: the server approved and switched on
    const server: McpServer = {
      id: 'protected',
      name: 'Protected',
      type: 'streamableHttp',
      baseUrl: rs.url,
      isActive: true,
      oauth: { callbackPort: 0 },
      installSource: 'manual'
    }
    mkdirSync(join(userDataDir, 'mcp'), { recursive: true })
    writeFileSync(
      join(userDataDir, 'mcp', 'servers.json'),
      JSON.stringify({ version: 1, servers: [server], approvals: { protected: approvalTarget(server) } }),
      { mode: 0o600 }
    )
  }
})

afterAll(async () => {
  await rs?.close()
  await auth?.close()
})

const row = () => page.locator('[data-testid="server-list-item"][data-server-name="Protected"]')
const openedUrls = () => (existsSync(urlFile) ? readFileSync(urlFile, 'utf8').split('\n').filter(Boolean) : [])

describe('OAuth sign-in in a real browser', () => {
  it('shows needs sign-in, Sign in goes through the browser step, and the tools appear', async () => {
    await expect.poll(() => row().getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('needsSignIn')
    await expect.poll(() => row().getByTestId('server-needs-sign-in').textContent()).toContain('Protected needs you to sign in')
    // the scope the server's 401 asked for
    await expect.poll(() => row().getByTestId('server-needs-sign-in').textContent()).toContain('It asks for the scope “mcp”')
    await page.screenshot({ path: join(ARTIFACTS, 'oauth-needs-sign-in.png') })
    expect(openedUrls()).toEqual([])

    await row().getByTestId('server-sign-in').click()
    await expect.poll(openedUrls, { timeout: 20_000 }).toHaveLength(1)
    const authorizationUrl = new URL(openedUrls()[0])
    expect(authorizationUrl.origin).toBe(auth.issuer)
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')

    // the browser step: the user's browser opens the page; oidc-provider approves and redirects back
    const tab = await page.context().browser()!.newPage()
    await tab.goto(authorizationUrl.href)
    await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback\?/)
    await expect.poll(() => tab.locator('h1').textContent()).toBe('Signed in')
    await tab.screenshot({ path: join(ARTIFACTS, 'oauth-callback-page.png') })
    await tab.close()

    await expect.poll(() => row().getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => row().textContent(), { timeout: 20_000 }).toContain('2 tools')
    await expect.poll(() => row().getByTestId('server-needs-sign-in').count()).toBe(0)
    await page.screenshot({ path: join(ARTIFACTS, 'oauth-signed-in.png') })
    expect(auth.logins).toBe(1)
  })
})
