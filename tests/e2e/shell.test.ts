import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { chooseAddMenuItem } from './support/uiSteps'

let app: BrowserApp
let browser: Browser
let page: Page
let problems: string[]
const scripts: string[] = []

appSession((session) => ({ app, browser, page, problems } = session), {
  viewport: { width: 1280, height: 800 },
  beforeGoto: (page) =>
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
})

/** once no finite animation runs (a dialog zooming in): what a screenshot should show */
async function settled() {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
  )
}

async function pick(testId: string, label: string) {
  await page.getByTestId(testId).getByText(label, { exact: true }).click()
}

describe('the app shell in a real browser (browser mode, built from source)', () => {
  it('shows the empty server list with nothing above it; About (side menu) shows the name, version and mode from app:get-info', async () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string
    await page.getByTestId('server-list-empty').waitFor()
    expect(await page.getByTestId('app-info').count()).toBe(0)
    await page.screenshot({ path: join(ARTIFACTS, 'shell-en-light.png'), fullPage: true })
    await page.getByTestId('nav-about').click()
    await expect.poll(() => page.getByTestId('app-name').textContent()).toContain('MCP Studio')
    expect(await page.getByTestId('app-version').textContent()).toContain(version)
    expect(await page.getByTestId('app-mode').textContent()).toMatch(/browser/i)
    await settled()
    await page.screenshot({ path: join(ARTIFACTS, 'about-en-light.png') })
    await page.getByTestId('about-close').click()
    await page.getByTestId('about-dialog').waitFor({ state: 'detached' })
    // and by keyboard: Escape closes it
    await page.getByTestId('nav-about').click()
    await page.getByTestId('app-name').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('about-dialog').waitFor({ state: 'detached' })
  })

  it('starts without loading the server editor or the JSON editor; the Import dialog loads the latter', async () => {
    expect(scripts.some((path) => path.includes('/index-'))).toBe(true)
    expect(scripts.filter((path) => /ServerEditor|JsonEditor/.test(path))).toEqual([])
    await chooseAddMenuItem(page, 'add-menu-import')
    await page.getByTestId('import-editor').locator('.cm-content').waitFor()
    expect(scripts.some((path) => path.includes('/JsonEditor-'))).toBe(true)
    await page.getByTestId('import-cancel').click()
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' })
  })

  it('switches to Chinese and back', async () => {
    await pick('language-select', '简体中文')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    const body = await page.locator('body').innerText()
    expect(body).toMatch(/[\u4e00-\u9fff]/)
    expect(body).not.toContain('MCP Servers')
    await page.screenshot({ path: join(ARTIFACTS, 'shell-zh.png'), fullPage: true })

    await pick('language-select', 'English')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US')
    expect(await page.locator('body').innerText()).toContain('MCP Servers')
  })

  it('keeps settings through a page reload (redux-persist through main)', async () => {
    await pick('theme-select', 'Dark')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await pick('language-select', '简体中文')
    const saved = join(app.userDataDir, 'storage', 'persist_root.json')
    await expect.poll(() => existsSync(saved) && readFileSync(saved, 'utf8'), { timeout: 10_000 }).toContain('zh-CN')

    await page.reload()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    await page.getByTestId('server-list-empty').waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'shell-zh-dark.png'), fullPage: true })
    await page.getByTestId('nav-about').click()
    await expect.poll(() => page.getByTestId('app-mode').textContent()).toBe('浏览器')
    await settled()
    await page.screenshot({ path: join(ARTIFACTS, 'about-zh-dark.png') })
    await page.keyboard.press('Escape')
    await page.getByTestId('about-dialog').waitFor({ state: 'detached' })
    await pick('language-select', 'English')
    await pick('theme-select', 'Light')
  })

  it('opened without its token, the page says how to get a working link, and shows nothing of the app', async () => {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      const bare = new URL(app.url)
      bare.hash = ''
      await tab.goto(bare.href)
      await tab.getByTestId('no-session').waitFor()
      expect(await tab.getByTestId('no-session').innerText()).toContain('npm run start:browser')
      // no empty list, no Add server: nothing that suggests the servers are gone
      expect(await tab.getByTestId('server-list-empty').count()).toBe(0)
      expect(await tab.getByTestId('add-server').count()).toBe(0)
      await tab.screenshot({ path: join(ARTIFACTS, 'no-session.png') })
    } finally {
      await tab.close()
    }
  })

  it('logged no console errors, page errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
