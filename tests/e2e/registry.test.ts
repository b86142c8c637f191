import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ARTIFACTS, launchChromium, startBuiltApp, watchProblems, type BrowserApp } from './support/browserApp'
import { afterEachTest, EVERYTHING, everythingConfig, typeImportJson } from './support/uiSteps'

let browser: Browser
let app: BrowserApp | undefined
let page: Page
let problems: string[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
afterEach(async (context) => {
  if (app) {
    await afterEachTest(page, context, app)
    await page.close()
    await app.stop()
    app = undefined
  }
})
afterAll(() => browser?.close())

/** The app on a user-data folder an earlier session left as `prepare` writes it. */
async function open(prepare?: (userDataDir: string) => void) {
  app = await startBuiltApp({ prepare })
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  problems = watchProblems(page)
  await page.goto(app.url)
  return app
}

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const statusOf = (name: string) => row(name).getByTestId('server-status').getAttribute('data-status')
const registryFile = (userDataDir: string) => join(userDataDir, 'mcp', 'servers.json')

describe("main's server list in a real browser", () => {
  it('import → approve (the preview of the command) → connected → reload → still there and running, not asked again', async () => {
    await open()
    await typeImportJson(page, JSON.stringify(everythingConfig()))
    await expect.poll(() => page.getByTestId('import-command').first().textContent()).toBe(`${process.execPath} ${EVERYTHING} stdio`)
    await page.getByTestId('import-submit').click()
    await expect.poll(() => statusOf('everything'), { timeout: 30_000 }).toBe('connected')

    await page.reload()
    await expect.poll(() => statusOf('everything'), { timeout: 30_000 }).toBe('connected')
    expect(await page.getByTestId('approval-dialog').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('a server added outside the app waits for approval of its command; approved once, it starts after a reload too', async () => {
    await open((dir) => {
      mkdirSync(join(dir, 'mcp'))
      const server = { id: 'linked', name: 'linked', command: process.execPath, args: [EVERYTHING, 'stdio'], isActive: true, installSource: 'deeplink' }
      writeFileSync(registryFile(dir), JSON.stringify({ version: 1, servers: [server], approvals: {} }))
    })
    await expect.poll(() => statusOf('linked'), { timeout: 15_000 }).toBe('needsApproval')
    await row('linked').getByTestId('server-review').click()
    await expect.poll(() => page.getByTestId('approval-command').textContent()).toBe(`${process.execPath} ${EVERYTHING} stdio`)
    await page.screenshot({ path: join(ARTIFACTS, 'approval-dialog.png') })
    await page.getByTestId('approval-confirm').click()
    await expect.poll(() => statusOf('linked'), { timeout: 30_000 }).toBe('connected')

    await page.reload()
    await expect.poll(() => statusOf('linked'), { timeout: 30_000 }).toBe('connected')
    expect(problems).toEqual([])
  })

  it('a server the CLI imports while the app runs shows in the open window at once', async () => {
    const { userDataDir } = await open()
    await page.getByTestId('server-list-empty').waitFor()
    const file = join(userDataDir, 'from-cli.json')
    writeFileSync(file, JSON.stringify({ mcpServers: { 'from-cli': { command: 'node', args: ['x.js'], disabled: true } } }))
    // the CLI as users run it: the built one (npm test builds first)
    const cli = spawnSync(process.execPath, ['out/cli/index.js', 'import', file], {
      env: { ...process.env, MCP_STUDIO_USER_DATA: userDataDir },
      encoding: 'utf8'
    })
    expect(cli.stdout.trim()).toBe('imported 1 server: from-cli')
    await row('from-cli').waitFor()
    expect(problems).toEqual([])
  })

  it('a damaged list: the app starts, says where the file was kept, and never overwrites it', async () => {
    const damaged = '{"version": 1, "servers": [{"id": "a", "name": "half a ser'
    const { userDataDir } = await open((dir) => {
      mkdirSync(join(dir, 'mcp'))
      writeFileSync(registryFile(dir), damaged)
    })
    const notice = page.getByTestId('registry-notice')
    await notice.waitFor()
    const keptAs = (await page.getByTestId('registry-notice-path').textContent())!.trim()
    expect(keptAs).toContain(join(userDataDir, 'mcp', 'servers.json.corrupt-'))
    expect(readFileSync(keptAs, 'utf8')).toBe(damaged)
    await page.screenshot({ path: join(ARTIFACTS, 'registry-damaged-notice.png') })

    // the app works: a new server is saved in a new file, the kept copy stays as it was
    await typeImportJson(page, JSON.stringify({ mcpServers: { fresh: { command: 'node', args: ['x.js'], disabled: true } } }))
    await page.getByTestId('import-submit').click()
    await row('fresh').waitFor()
    await expect.poll(() => readFileSync(registryFile(userDataDir), 'utf8')).toContain('fresh')
    expect(readFileSync(keptAs, 'utf8')).toBe(damaged)
    expect(problems).toEqual([])
  })

  it('one bad entry among good ones is shown as broken with why, and can be fixed as JSON', async () => {
    const { userDataDir } = await open((dir) => {
      mkdirSync(join(dir, 'mcp'))
      const good = { id: 'good', name: 'good', command: 'node', args: ['good.js'], isActive: false }
      const bad = { id: 'bad', command: 'node', args: ['bad.js'], isActive: false }
      writeFileSync(registryFile(dir), JSON.stringify({ version: 1, servers: [good, bad], approvals: {} }))
    })
    await row('good').waitFor()
    const broken = page.getByTestId('broken-server')
    await expect.poll(() => broken.getByTestId('broken-server-message').textContent()).toContain('name')
    await page.screenshot({ path: join(ARTIFACTS, 'registry-broken-entry.png') })

    await broken.getByTestId('broken-server-edit').click()
    const editor = page.getByTestId('repair-json').locator('.cm-content')
    await editor.click()
    await editor.fill(JSON.stringify({ id: 'bad', name: 'repaired', command: 'node', args: ['bad.js'], isActive: false }))
    await page.getByTestId('repair-save').click()
    await row('repaired').waitFor()
    expect(await broken.count()).toBe(0)
    await expect.poll(() => readFileSync(registryFile(userDataDir), 'utf8')).toContain('repaired')
    expect(problems).toEqual([])
  })
})
