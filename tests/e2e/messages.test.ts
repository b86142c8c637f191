import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ARTIFACTS, launchChromium, startBuiltApp, watchProblems, type BrowserApp } from './support/browserApp'
import { afterEachTest, importEverything, openRunner } from './support/uiSteps'

let app: BrowserApp
let browser: Browser
let page: Page
let problems: string[]

beforeAll(async () => {
  app = await startBuiltApp()
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  problems = watchProblems(page)
  await page.goto(app.url)
})

afterEach((context) => afterEachTest(page, context, app))

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const tab = () => page.getByTestId('messages-tab')
const entry = (direction: string, kind: string, method: string) =>
  tab().locator(`[data-testid="messages-entry"][data-direction="${direction}"][data-kind="${kind}"][data-method="${method}"]`)

describe('the Messages tab in a real browser, on server-everything over stdio', () => {
  it("shows a run's tools/call going out and its response coming back, the body as a tree (light and dark)", async () => {
    await importEverything(page)
    await page.getByTestId('server-name').first().click()
    await page.getByTestId('editor-tab-tools').click()
    await openRunner(page, 'echo')
    await page.getByTestId('tool-runner-body').getByLabel('message').fill('hello, messages')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Echo: hello, messages')
    await page.getByTestId('runner-close').click()

    await page.getByTestId('editor-tab-messages').click()
    await entry('out', 'request', 'initialize').waitFor()
    await entry('out', 'request', 'tools/call').last().waitFor()
    const response = entry('in', 'response', 'tools/call').last()
    await expect.poll(() => response.getByTestId('messages-entry-duration').textContent()).toMatch(/ms|s$/)
    // from the keyboard: focus the row, Enter opens its body
    await response.getByTestId('messages-entry-toggle').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => response.getByTestId('messages-entry-body').textContent()).toContain('Echo: hello, messages')
    await page.screenshot({ path: join(ARTIFACTS, 'messages-tab.png') })

    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.screenshot({ path: join(ARTIFACTS, 'messages-tab-dark.png') })
    await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
    expect(problems).toEqual([])
  })
})
