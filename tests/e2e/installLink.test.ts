import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buildInstallLink } from '@shared/mcp/installLink'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { backToEnglishLight, chooseAddMenuItem, dialogsSettled, EVERYTHING } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')

let app: BrowserApp
let page: Page
let problems: string[]
let browser: Browser

appSession((session) => ({ app, page, problems, browser } = session))

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const statusOf = (name: string) => row(name).getByTestId('server-status').getAttribute('data-status')
const listNames = () => page.getByTestId('server-list-item').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.serverName))
/** what main saved: names and whether each is switched on */
const saved = (): Array<{ name: string; isActive: boolean }> => {
  try {
    return (JSON.parse(readFileSync(join(app.userDataDir, 'mcp', 'servers.json'), 'utf8')) as { servers: Array<{ name: string; isActive: boolean }> }).servers.map(
      ({ name, isActive }) => ({ name, isActive })
    )
  } catch {
    return []
  }
}

/** Browser mode's page for a link, opened in the app's tab (which holds the session token). */
async function openLink(link: string) {
  const origin = new URL(app.url).origin
  await page.goto(`${origin}/install${new URL(link).search}`)
  await page.getByTestId('install-link-dialog').waitFor()
  await dialogsSettled(page)
}

async function snap(name: string, folder = ARTIFACTS) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path: join(folder, name) })
}

/** Add server → Paste an install link; resolves once the field has the keyboard. */
async function openPaste() {
  await chooseAddMenuItem(page, 'add-menu-paste-link')
  await page.getByTestId('paste-link-dialog').waitFor()
  await dialogsSettled(page)
  await expect.poll(() => page.getByTestId('paste-link-input').evaluate((input) => input === document.activeElement)).toBe(true)
}

/** what a user sees in the field, pasted, then Enter */
async function pasteAndEnter(text: string) {
  await page.getByTestId('paste-link-input').fill(text)
  await page.keyboard.press('Enter')
}

describe('install links in a real browser', () => {
  it('a link with two servers: the one approved is added, switched off and not started; it starts after the usual approval', async () => {
    await page.getByTestId('server-list-empty').waitFor()
    await openLink(
      buildInstallLink({
        mcpServers: {
          everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
          remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer not-shown' } }
        }
      })
    )
    const commands = await page.getByTestId('install-link-command').allTextContents()
    expect(commands).toEqual([`${process.execPath} ${EVERYTHING} stdio`, 'https://mcp.example.com/mcp'])
    expect(await page.getByTestId('install-link-dialog').textContent()).not.toContain('not-shown')
    // the address no longer holds the link: a reload will not offer it again
    expect(new URL(page.url()).pathname).toBe('/')
    await snap('install-link.png')

    // by keyboard: Space ticks the box, Enter on the button adds
    await page.getByTestId('install-link-pick-everything').focus()
    await page.keyboard.press('Space')
    expect(await page.getByTestId('install-link-pick-everything').isChecked()).toBe(true)
    expect(await page.getByTestId('install-link-submit').textContent()).toBe('Add 1 server')
    await page.getByTestId('install-link-submit').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('install-link-dialog').waitFor({ state: 'detached' })

    await expect.poll(listNames).toEqual(['everything'])
    expect(await statusOf('everything')).toBe('stopped')
    expect(await row('everything').getByTestId('server-switch').getAttribute('aria-checked')).toBe('false')
    expect(saved()).toEqual([{ name: 'everything', isActive: false }])

    // switched on, it asks first, showing the command, then connects
    await row('everything').getByTestId('server-switch').click()
    await expect.poll(() => page.getByTestId('approval-command').textContent()).toBe(`${process.execPath} ${EVERYTHING} stdio`)
    await page.getByTestId('approval-confirm').click()
    await expect.poll(() => statusOf('everything'), { timeout: 30_000 }).toBe('connected')
    expect(problems).toEqual([])
  })

  it('a link with a bad payload is refused clearly and adds nothing (also in Chinese and dark)', async () => {
    const before = saved()
    await openLink('mcpstudio://install?servers=eyJtY3BTZXJ2ZXJzIjogew')
    const refused = page.getByTestId('install-link-refused')
    expect(await refused.getAttribute('data-code')).toBe('invalidJson')
    expect(await refused.textContent()).toContain('This install link cannot be used')
    expect(await refused.textContent()).toContain('Nothing was added.')
    expect(await page.getByTestId('install-link-submit').count()).toBe(0)
    await snap('install-link-refused.png')
    await page.getByTestId('install-link-close').click()
    await page.getByTestId('install-link-dialog').waitFor({ state: 'detached' })
    expect(saved()).toEqual(before)

    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await openLink(buildInstallLink({ mcpServers: { fs: { type: 'inMemory', name: '@studio/filesystem', args: ['/'] } } }))
    expect(await page.getByTestId('install-link-problem').textContent()).toContain('是内置服务器，不能通过链接添加')
    await snap('install-link-refused-dark-zh.png')
    await page.keyboard.press('Escape')
    await page.getByTestId('install-link-dialog').waitFor({ state: 'detached' })
    expect(saved()).toEqual(before)
    await backToEnglishLight(page)
    expect(problems).toEqual([])
  })

  it('a link pasted through Add server: a bad one is named under the field (Esc closes it), a good one goes to the approval view, and only the approved server is listed (light and dark)', async () => {
    const before = saved()
    const namesBefore = await listNames()
    await openPaste()
    await pasteAndEnter('mcpstudio://install?servers=%7Bnot-base64%7D')
    expect(await page.getByTestId('paste-link-field').textContent()).toBe("The link's servers=… part is damaged: it is not base64url.")
    expect(await page.getByTestId('install-link-dialog').count()).toBe(0)
    await snap('paste-install-link.png', DOCS)
    await page.keyboard.press('Escape')
    await page.getByTestId('paste-link-dialog').waitFor({ state: 'detached' })
    expect(saved()).toEqual(before)

    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await openPaste()
    await pasteAndEnter(buildInstallLink({ mcpServers: { web: { type: 'sse' } } }))
    expect(await page.getByTestId('paste-link-field').getByTestId('import-issue').getAttribute('data-field')).toBe('url')
    await snap('paste-install-link-dark.png', DOCS)

    await pasteAndEnter(
      buildInstallLink({
        mcpServers: {
          'pasted-one': { command: 'node', args: ['pasted-one.js'], env: { API_KEY: 'never-shown' } },
          'pasted-two': { type: 'http', url: 'https://mcp.example.com/pasted', headers: { Authorization: 'Bearer never-shown' } }
        }
      })
    )
    await page.getByTestId('install-link-dialog').waitFor()
    await page.getByTestId('paste-link-dialog').waitFor({ state: 'detached' })
    await dialogsSettled(page)
    expect(await page.getByTestId('install-link-command').allTextContents()).toEqual(['node pasted-one.js', 'https://mcp.example.com/pasted'])
    expect(await page.getByTestId('install-link-dialog').textContent()).not.toContain('never-shown')
    // the paste itself added nothing
    expect(saved()).toEqual(before)
    await page.getByTestId('install-link-pick-pasted-two').check()
    await page.getByTestId('install-link-submit').click()
    await page.getByTestId('install-link-dialog').waitFor({ state: 'detached' })

    await expect.poll(listNames).toEqual([...namesBefore, 'pasted-two'])
    expect(await statusOf('pasted-two')).toBe('stopped')
    expect(saved()).toEqual([...before, { name: 'pasted-two', isActive: false }])
    await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    expect(problems).toEqual([])
  })

  it('a link opened in a tab without the session adds nothing and says where to paste it', async () => {
    const before = saved()
    const tab = await browser.newPage()
    try {
      const link = buildInstallLink({ mcpServers: { other: { command: 'node', args: ['other.js'] } } })
      await tab.goto(`${new URL(app.url).origin}/install${new URL(link).search}`)
      await tab.getByTestId('no-session').waitFor()
      expect(await tab.getByTestId('no-session-install-link').textContent()).toContain('Paste it into the address bar of the tab where MCP Studio is open')
      await tab.screenshot({ path: join(ARTIFACTS, 'install-link-no-session.png') })
    } finally {
      await tab.close()
    }
    expect(saved()).toEqual(before)
  })
})
