import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { launchChromium, startBuiltApp, type BrowserApp } from './support/browserApp'
import { afterEachTest, everythingConfig, typeImportJson } from './support/uiSteps'
let app: BrowserApp, browser: Browser, page: Page
beforeAll(async () => { app = await startBuiltApp(); browser = await launchChromium(); page = await browser.newPage(); await page.goto(app.url) })
afterEach((context) => afterEachTest(page, context, app))
afterAll(async () => { await browser?.close(); await app?.stop() })
it('probe', async () => {
  await typeImportJson(page, JSON.stringify(everythingConfig(), null, 2))
  await page.getByTestId('import-submit').click()
  await expect.poll(async () => Number(await page.getByTestId('server-tool-count').first().getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThan(0)
  await page.getByTestId('server-name').first().click()
  await page.getByTestId('editor-tab-tools').click()
  await page.getByTestId('tool-run-trigger-elicitation-request').click()
  await page.getByTestId('nothing').waitFor({ timeout: 3000 })
})
