import { join, resolve } from 'node:path'
import type { Download, Page } from 'playwright-core'
import { expect, type TestContext } from 'vitest'
import { ARTIFACTS, type BrowserApp } from './browserApp'
import { failureReport } from './failureReport'

export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

/**
 * Add server → one of its items, clicked once the menu stands still. While it slides in, an item is
 * higher up than where it ends: on a loaded CI machine a click aimed at "Paste an install link…"
 * landed on the row above it, and no dialog opened.
 */
export async function chooseAddMenuItem(page: Page, item: string): Promise<void> {
  await page.getByTestId('add-server').click()
  await page.getByTestId(item).waitFor()
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('.ant-slide-up-appear, .ant-slide-up-enter, .ant-slide-up-leave, .ant-slide-down-appear, .ant-slide-down-enter').length), {
      timeout: 10_000
    })
    .toBe(0)
  await page.getByTestId(item).click()
}

/** Add server → Import JSON, and types `json` into the editor the way a user pastes it (not submitted). */
export async function typeImportJson(page: Page, json: string): Promise<void> {
  await chooseAddMenuItem(page, 'add-menu-import')
  const editor = page.getByTestId('import-editor').locator('.cm-content')
  await editor.click()
  await editor.fill(json)
}

/** server-everything over stdio as an `mcpServers` entry named `everything`. */
export const everythingConfig = () => ({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } })

/**
 * After each test: a failed one leaves a screenshot of what was on screen (test-results/e2e/
 * FAILED-….png) and, for CI logs that only say "timed out", a report of the screen, the server
 * logs and the app's output; whatever dialogs it left open are closed (Esc, topmost first), so
 * one failure does not fail every test after it.
 */
export async function afterEachTest(page: Page, context: TestContext, app: BrowserApp): Promise<void> {
  if (context.task.result?.state === 'fail') {
    const name = context.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)
    await page.screenshot({ path: join(ARTIFACTS, `FAILED-${name}.png`) }).catch(() => undefined)
    const report = await failureReport(page, app).catch((error: Error) => `(no report: ${error.message})`)
    console.error(`what the failed test "${context.task.name}" left:\n${report}`)
  }
  const open = page.locator('.ant-modal-wrap:visible')
  for (let left = 5; left > 0 && (await open.count()) > 0; left--) {
    const top = open.last()
    await top.press('Escape')
    await top.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined)
  }
}

/** Adds server-everything (stdio) the way a user does: Add → Import JSON → paste → Import; waits for its tool count. */
export async function importEverything(page: Page): Promise<void> {
  await typeImportJson(page, JSON.stringify(everythingConfig(), null, 2))
  await page.getByTestId('import-submit').click()
  await expect
    .poll(async () => Number(await page.getByTestId('server-tool-count').first().getAttribute('data-count')), { timeout: 30_000 })
    .toBeGreaterThan(0)
}

/**
 * Waits until no dialog is opening any more. A click while one still zooms in can land beside the
 * moving button (on the mask, which closes a runner), and a key can reach the wrong field.
 */
export async function dialogsSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter').length), {
      timeout: 10_000
    })
    .toBe(0)
}

/** Opens the runner of one tool on the open Tools tab, and waits until it is fully open. */
export async function openRunner(page: Page, tool: string): Promise<void> {
  await page.getByTestId(`tool-run-${tool}`).click()
  await page.getByTestId('runner-run').waitFor()
  await dialogsSettled(page)
}

/**
 * Clicks a button that saves a file and returns the download. On a loaded machine Chromium once
 * started no download for a click (the dialog was open and idle, the button enabled): as a user
 * would, the button is clicked again when no download has begun within a while, a few times.
 */
export async function downloadFrom(page: Page, testId: string): Promise<Download> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.getByTestId(testId).click()])
      return download
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
}

/**
 * Back to English and light, as the next test expects, waiting until the page shows it: a click
 * made while the switch still re-renders the page can be lost (it sank a paste-link test in CI).
 */
export async function backToEnglishLight(page: Page): Promise<void> {
  await page.getByTestId('language-select').getByText('English', { exact: true }).click()
  await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
  await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['en-US', 'light'])
}

/**
 * On the Models page (already open): Add provider → Custom, named and pointed at `baseUrl`, its
 * models fetched until `model` is listed, saved.
 */
export async function addCustomProvider(page: Page, { name, baseUrl, model }: { name: string; baseUrl: string; model: string }): Promise<void> {
  await page.getByTestId('provider-add').click()
  await dialogsSettled(page)
  await page.getByTestId('provider-preset-custom').click()
  await page.getByTestId('provider-name').fill(name)
  await page.getByTestId('provider-base-url').fill(baseUrl)
  await page.getByTestId('provider-fetch-models').click()
  await page.getByTestId('provider-fetched-models').getByText(model).first().waitFor()
  await page.getByTestId('provider-save').click()
  await page.getByTestId('provider-dialog').waitFor({ state: 'detached' })
}

/**
 * New chat on the Chat page, done once the new conversation is open and empty: the page reopens
 * the last chat, so an address that names a chat is not yet the new one, and text typed before
 * the switch would go to the chat being left.
 */
export async function openNewChat(page: Page): Promise<void> {
  await page.getByTestId('chat-new').waitFor()
  const before = new URL(page.url()).hash
  await page.getByTestId('chat-new').click()
  await expect.poll(() => new URL(page.url()).hash).not.toBe(before)
  await expect.poll(() => new URL(page.url()).hash).toMatch(/chat=/)
  await page.getByTestId('chat-empty-conversation').waitFor()
}
