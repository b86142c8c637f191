import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import type { TestContext } from 'vitest'
import { ARTIFACTS } from './browserApp'

export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

/** Add server → Import JSON, and types `json` into the editor the way a user pastes it (not submitted). */
export async function typeImportJson(page: Page, json: string): Promise<void> {
  await page.getByTestId('add-server').click()
  await page.getByTestId('add-menu-import').click()
  const editor = page.getByTestId('import-editor').locator('.cm-content')
  await editor.click()
  await editor.fill(json)
}

/** server-everything over stdio as an `mcpServers` entry named `everything`. */
export const everythingConfig = () => ({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } })

/**
 * After each test: a failed one leaves a screenshot of what was on screen (test-results/e2e/
 * FAILED-….png, for CI logs that only say "timed out"), and whatever dialogs it left open are
 * closed (Esc, topmost first), so one failure does not fail every test after it.
 */
export async function afterEachTest(page: Page, context: TestContext): Promise<void> {
  if (context.task.result?.state === 'fail') {
    const name = context.task.name.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80)
    await page.screenshot({ path: join(ARTIFACTS, `FAILED-${name}.png`) }).catch(() => undefined)
  }
  const open = page.locator('.ant-modal-wrap:visible')
  for (let left = 5; left > 0 && (await open.count()) > 0; left--) {
    const top = open.last()
    await top.press('Escape')
    await top.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined)
  }
}
