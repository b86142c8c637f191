import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import type { BrowserApp } from './support/browserApp'
import { dialogsSettled, openRunner } from './support/uiSteps'

const DOCS = resolve('docs/screenshots')

let app: BrowserApp
let page: Page
let problems: string[]

// a laptop-sized window: the editor's form is longer than the screen
appSession((session) => ({ app, page, problems } = session), { viewport: { width: 1280, height: 640 } })

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const body = () => page.getByTestId('tool-runner-body')

async function snap(path: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path, fullPage: false })
}

describe('what a new user met: built-ins with a face, a form for lists, runs to repeat', () => {
  it("a built-in shows the catalogue's title and icon, and is renamed with a display name; Save stays in reach on a long form", async () => {
    // the empty list shows the built-ins' cards on the page itself
    await page.getByTestId('catalogue-add-memory').click()
    await expect.poll(() => row('@studio/memory').getByTestId('server-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('connected')
    expect(await row('@studio/memory').getByTestId('server-name').textContent()).toBe('Memory')
    expect(await row('@studio/memory').getByTestId('server-real-name').textContent()).toBe('@studio/memory')
    await row('@studio/memory').getByTestId('server-builtin-icon').waitFor()

    await row('@studio/memory').getByTestId('server-edit').click()
    await page.getByTestId('editor-displayName').fill('Work notes')
    // scrolled to the bottom of the form, the action bar with Save is still on screen
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    expect(await page.getByTestId('editor-save').isVisible()).toBe(true)
    const box = await page.getByTestId('editor-save').boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= 640).toBe(true)
    await snap(join(DOCS, 'editor-sticky-save.png'))
    await page.getByTestId('editor-save').click()
    await expect.poll(() => page.getByTestId('editor-title').textContent()).toBe('Work notes')
    // the notice names it as the list will
    await page.locator('.ant-message-notice', { hasText: 'Work notes was saved' }).waitFor()
    await page.getByTestId('editor-back').click()
    await expect.poll(() => row('@studio/memory').getByTestId('server-name').textContent()).toBe('Work notes')
    await snap(join(DOCS, 'builtin-row.png'))
  })

  it('create_entities: a compact form with a labelled Add item, asks before sending an empty list, and keeps the recent runs', async () => {
    await row('@studio/memory').getByTestId('server-name').click()
    await page.getByTestId('editor-tab-tools').click()
    await page.getByTestId('tools-table').waitFor()
    await openRunner(page, 'create_entities')
    await page.getByTestId('runner-run').click()
    await page.getByTestId('runner-empty-back').click()
    await dialogsSettled(page)
    expect(await page.getByTestId('tool-result').count()).toBe(0)

    await body().getByTestId('schema-add-item').first().click()
    await body().locator('input[id$="_0_name"]').fill('Ada Lovelace')
    await body().locator('input[id$="_0_entityType"]').fill('person')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Ada Lovelace')
    await page.getByTestId('run-history').getByText('Recent runs (1)').click()
    await page.getByTestId('run-history-item').first().waitFor()
    expect(await page.getByTestId('run-history-item').first().getAttribute('data-outcome')).toBe('ok')
    await snap(join(DOCS, 'runner-list-form.png'))
    await page.getByTestId('runner-close').click()
    await dialogsSettled(page)
  })

  it('About shows the data folder; a running server has Restart and Copy as JSON under More; the Trace window shows calls, not the lists', async () => {
    await page.getByTestId('nav-servers').click()
    await page.getByTestId('nav-about').click()
    expect(await page.getByTestId('app-data-folder').textContent()).toContain(app.userDataDir)
    await dialogsSettled(page)
    await snap(join(DOCS, 'about-data-folder.png'))
    await page.getByTestId('about-close').click()
    await page.getByTestId('about-dialog').waitFor({ state: 'detached' })

    await row('@studio/memory').getByTestId('server-more').click()
    await page.getByTestId('server-copy-json').waitFor()
    await page.getByTestId('server-restart').click()
    await expect.poll(() => row('@studio/memory').getByTestId('server-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('connected')

    // the lists this window made at every load are there, but "Calls only" shows the call
    const [trace] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('nav-trace').click()])
    await trace.waitForLoadState('domcontentloaded')
    const names = trace.getByTestId('trace-row-name')
    await names.getByText('@studio/memory.create_entities', { exact: true }).first().waitFor({ timeout: 20_000 })
    expect(await names.allTextContents()).not.toContain('@studio/memory.ListTools')
    await trace.getByTestId('trace-filter-calls').click()
    await names.getByText('@studio/memory.ListTools', { exact: true }).first().waitFor()
    await trace.close()
    expect(problems).toEqual([])
  })
})
