import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { importEverything, openRunner } from './support/uiSteps'

let page: Page
let problems: string[]

appSession((session) => ({ page, problems } = session))

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

/** How far the panel's bottom edge is from the window's, and the panel's height. */
const panelFit = (testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const rect = el.getBoundingClientRect()
    return { below: Math.round(window.innerHeight - rect.bottom), height: Math.round(rect.height) }
  })

describe('the Logs and Messages panels', () => {
  it('fill the window down to its bottom edge, and follow a resize', async () => {
    // the server from the test above is still there; its editor is open
    await page.getByTestId('editor-tab-logs').click()
    await page.getByTestId('logs-list').waitFor()
    await expect.poll(async () => (await panelFit('logs-list')).below).toBeGreaterThanOrEqual(0)
    const logs = await panelFit('logs-list')
    // no empty band under the panel: it ends near the window's bottom, not at a fixed 480 px
    expect(logs.below).toBeLessThan(64)
    expect(logs.height).toBeGreaterThan(480)

    await page.setViewportSize({ width: 1280, height: 700 })
    await expect.poll(async () => (await panelFit('logs-list')).height).toBeLessThan(logs.height)
    expect((await panelFit('logs-list')).below).toBeGreaterThanOrEqual(0)
    expect((await panelFit('logs-list')).below).toBeLessThan(64)

    await page.getByTestId('editor-tab-messages').click()
    await page.getByTestId('messages-list').waitFor()
    await expect.poll(async () => (await panelFit('messages-list')).below).toBeGreaterThanOrEqual(0)
    expect((await panelFit('messages-list')).below).toBeLessThan(64)
    await page.screenshot({ path: join(ARTIFACTS, 'logs-fill.png') })
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(problems).toEqual([])
  })
})
