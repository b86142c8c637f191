import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { helloArchive, helloManifest } from '../main/extensions/archives'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { backToEnglishLight, chooseAddMenuItem, dialogsSettled, openRunner } from './support/uiSteps'

let app: BrowserApp
let page: Page
let problems: string[]

appSession((session) => ({ app, page, problems } = session))

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const statusOf = (name: string) => row(name).getByTestId('server-status').getAttribute('data-status')

async function snap(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path: join(ARTIFACTS, name) })
}

/** Add server → Install extension…, and the file chosen as a user picks it. */
async function chooseArchive(buffer: Buffer, name = 'hello.mcpb') {
  await chooseAddMenuItem(page, 'add-menu-extension')
  await page.getByTestId('extension-choose').waitFor()
  await page.getByTestId('extension-file-input').setInputFiles({ name, mimeType: 'application/zip', buffer })
}

describe('desktop extensions in a real browser', () => {
  it('installs a .mcpb through the dialog: its form filled, the server connects and its tool runs with the setting', async () => {
    await page.getByTestId('server-list-empty').waitFor()
    await chooseArchive(await helloArchive())
    const preview = page.getByTestId('extension-preview')
    await preview.waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('extension-name').textContent()).toBe('Hello Extension 1.0.0')
    expect(await page.getByTestId('extension-signature').getAttribute('data-status')).toBe('unsigned')
    expect(await page.getByTestId('extension-command').textContent()).toMatch(/^node .*hello-extension.*server\/index\.mjs/)
    expect(await page.getByTestId('user-config-api_key').getAttribute('type')).toBe('password')
    await dialogsSettled(page)
    await snap('extension-install-dialog.png')

    // the required setting first: the form says so and nothing is installed
    await page.getByTestId('extension-install').click()
    await page.getByText('“Greeting” is required').waitFor()
    await page.getByTestId('user-config-greeting').fill('Howdy')
    await page.getByTestId('user-config-api_key').fill('sk-e2e-secret-value')
    await page.getByTestId('extension-install').click()
    await page.getByTestId('extension-dialog').waitFor({ state: 'detached', timeout: 30_000 })

    // the dialog showed the command: in browser mode that was the approval, and it starts
    await expect.poll(() => statusOf('Hello Extension'), { timeout: 30_000 }).toBe('connected')
    expect(existsSync(join(app.userDataDir, 'mcp', 'extensions', 'hello-extension', 'manifest.json'))).toBe(true)

    await row('Hello Extension').getByTestId('server-name').click()
    await page.getByTestId('editor-tab-tools').click()
    await page.getByTestId('tools-table').waitFor()
    await openRunner(page, 'hello')
    await page.getByTestId('tool-runner-body').getByLabel('name').fill('Ada')
    await page.getByTestId('runner-run').click()
    const result = page.getByTestId('tool-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('Howdy, Ada!')
    expect(await result.getAttribute('data-error')).toBe('false')
    await page.getByTestId('runner-close').click()
    await dialogsSettled(page)
    // the secret never reaches the page, not even through the server's own log line
    expect(await page.locator('body').innerText()).not.toContain('sk-e2e-secret-value')
    expect(problems).toEqual([])
  })

  it('a file that is not an extension archive is refused, saying why, and nothing is installed (dark, Chinese)', async () => {
    await page.getByTestId('editor-back').click()
    await page.getByTestId('server-list').waitFor()
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await chooseArchive(Buffer.from('not a zip at all'), 'broken.mcpb')
    const error = page.getByTestId('extension-stage-error')
    await error.waitFor({ timeout: 30_000 })
    expect(await error.getByTestId('error-sentence').textContent()).toBeTruthy()
    expect(await error.textContent()).toContain('未安装任何内容')
    await dialogsSettled(page)
    await snap('extension-install-refused-dark-zh.png')
    await page.getByTestId('extension-cancel').click()
    await page.getByTestId('extension-dialog').waitFor({ state: 'detached' })
    await backToEnglishLight(page)
    expect(problems).toEqual([])
  })

  it('a newer version dropped on the window replaces the installed one after the user sees "replaces"', async () => {
    const archive = await helloArchive(helloManifest({ version: '1.1.0' }))
    // a real drop: Chromium's DataTransfer with the file in it, dispatched as the OS would
    const dataTransfer = await page.evaluateHandle((b64) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'hello-1.1.0.mcpb'))
      return transfer
    }, archive.toString('base64'))
    await page.dispatchEvent('body', 'dragenter', { dataTransfer })
    await page.getByTestId('extension-drop-overlay').waitFor()
    await page.dispatchEvent('body', 'drop', { dataTransfer })
    await page.getByTestId('extension-drop-overlay').waitFor({ state: 'detached' })
    const replaces = page.getByTestId('extension-replaces')
    await replaces.waitFor({ timeout: 30_000 })
    expect(await replaces.textContent()).toBe('Replaces the installed version 1.0.0 with 1.1.0.')
    await page.getByTestId('user-config-greeting').fill('Hi again')
    await page.getByTestId('extension-install').click()
    await page.getByTestId('extension-dialog').waitFor({ state: 'detached', timeout: 30_000 })
    const saved = () => (JSON.parse(readFileSync(join(app.userDataDir, 'mcp', 'servers.json'), 'utf8')) as { servers: Array<{ name: string; dxtVersion?: string }> }).servers
    await expect.poll(() => saved().map((s) => `${s.name} ${s.dxtVersion}`)).toEqual(['Hello Extension 1.1.0'])
    // the new version runs with its new setting
    await row('Hello Extension').getByTestId('server-name').click()
    await page.getByTestId('editor-tab-tools').click()
    await page.getByTestId('tools-table').waitFor()
    await openRunner(page, 'hello')
    await page.getByTestId('tool-runner-body').getByLabel('name').fill('Bo')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Hi again, Bo!')
    await page.getByTestId('runner-close').click()
    await dialogsSettled(page)
    expect(problems).toEqual([])
  })
})
