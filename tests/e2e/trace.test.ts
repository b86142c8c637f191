import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { importEverything, openRunner } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')
const CALL = 'everything.trigger-long-running-operation'

let page: Page
let problems: string[]

appSession((session) => ({ page, problems } = session))

/** The Trace window: a new tab in browser mode, opened by `click`; resolves once its page has loaded. */
async function traceTabFrom(click: () => Promise<void>): Promise<Page> {
  const [trace] = await Promise.all([page.context().waitForEvent('page'), click()])
  await trace.waitForLoadState('domcontentloaded')
  await trace.setViewportSize({ width: 1280, height: 900 })
  return trace
}

const callRow = (trace: Page) => trace.locator(`[data-testid="span-row"][data-span-name="${CALL}"]`)

describe('the Trace window in a real browser, on server-everything over stdio', () => {
  it("shows a call with progress, run in the main window: its bar on the waterfall and its progress events", async () => {
    await importEverything(page)
    await page.getByTestId('server-name').first().click()
    await page.getByTestId('editor-tab-tools').click()
    await openRunner(page, 'trigger-long-running-operation')
    await page.getByTestId('tool-runner-body').getByLabel('duration').fill('2')
    await page.getByTestId('tool-runner-body').getByLabel('steps').fill('5')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 30_000 }).toContain('Long running operation completed')
    await page.getByTestId('runner-close').click()

    const trace = await traceTabFrom(() => page.getByTestId('nav-trace').click())
    const row = trace.locator(`[data-testid="trace-row"]`).filter({ has: trace.getByTestId('trace-row-name').getByText(CALL, { exact: true }) })
    await row.waitFor({ timeout: 20_000 })
    expect(await row.getAttribute('data-status')).toBe('ok')
    // from the keyboard: the list takes focus, Enter opens the newest operation (this call)
    await trace.getByRole('listbox', { name: 'Recent operations' }).focus()
    await trace.keyboard.press('Enter')
    await callRow(trace).waitFor()
    const bar = callRow(trace).getByTestId('span-bar')
    expect(await bar.getAttribute('data-status')).toBe('ok')
    const box = await bar.boundingBox()
    expect(box && box.width).toBeGreaterThan(100)
    expect(await callRow(trace).locator('[data-testid="span-event-marker"][data-event="progress"]').count()).toBeGreaterThanOrEqual(2)
    const details = trace.getByTestId('span-details')
    expect(await details.getAttribute('data-span-name')).toBe(CALL)
    expect(await details.locator('[data-testid="span-event"][data-event="progress"]').count()).toBeGreaterThanOrEqual(2)
    expect(await trace.getByTestId('span-input').textContent()).toContain('duration')
    expect(await trace.getByTestId('span-output').textContent()).toContain('Long running operation completed')
    await trace.screenshot({ path: join(DOCS, 'trace-window.png') })

    await trace.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await expect.poll(() => trace.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await trace.screenshot({ path: join(DOCS, 'trace-window-dark.png') })
    await trace.getByTestId('theme-select').getByText('Light', { exact: true }).click()
    await trace.close()
    expect(problems).toEqual([])
  })

  it("opens a call's trace from its request in the Messages tab", async () => {
    // the editor of the test above is still open
    await page.getByTestId('editor-tab-messages').click()
    const link = page.locator('[data-testid="messages-entry"][data-method="tools/call"][data-kind="request"]').last().getByTestId('messages-open-trace')
    await link.waitFor()
    const traceId = await link.getAttribute('data-trace-id')
    const trace = await traceTabFrom(() => link.click())
    expect(new URL(trace.url()).searchParams.get('traceId')).toBe(traceId)
    // it opens on that call, with no click in the list
    await expect.poll(() => trace.getByTestId('trace-detail').getAttribute('data-trace-id'), { timeout: 20_000 }).toBe(traceId)
    expect(await trace.getByTestId('span-details').getAttribute('data-span-name')).toBe(CALL)
    expect(await trace.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`).getAttribute('aria-selected')).toBe('true')
    await trace.screenshot({ path: join(ARTIFACTS, 'trace-from-messages.png') })
    // in Chinese: the window's own words change, the span's stay as the server named them
    await trace.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await trace.getByRole('listbox', { name: '最近的操作' }).waitFor()
    expect(await trace.getByTestId('span-details').textContent()).toContain('输入')
    await trace.screenshot({ path: join(ARTIFACTS, 'trace-zh.png') })
    await trace.getByTestId('language-select').getByText('English', { exact: true }).click()
    await trace.getByRole('listbox', { name: 'Recent operations' }).waitFor()
    // Pause says so above the list until Resume; the traces kept stay listed
    await trace.getByRole('button', { name: 'Pause recording' }).click()
    await trace.getByTestId('trace-paused').waitFor()
    expect(await trace.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`).count()).toBe(1)
    await trace.screenshot({ path: join(ARTIFACTS, 'trace-paused.png') })
    await trace.getByTestId('trace-paused').getByRole('button', { name: 'Resume recording' }).click()
    await trace.getByTestId('trace-paused').waitFor({ state: 'detached' })
    await trace.close()
    expect(problems).toEqual([])
  })

  it("'Send a test span' in the Export dialog reaches a real collector, unsaved", async () => {
    // a collector on 127.0.0.1 taking OTLP/HTTP JSON, as a team's would
    const received: string[] = []
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'))
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done))
    const { port } = collector.address() as { port: number }
    try {
      const trace = await traceTabFrom(() => page.getByTestId('nav-trace').click())
      await trace.getByTestId('trace-export-open').click()
      const dialog = trace.getByRole('dialog')
      await dialog.getByTestId('trace-export-enabled').waitFor()
      await dialog.getByTestId('trace-export-endpoint').fill(`http://127.0.0.1:${port}/v1/traces`)
      await dialog.getByTestId('trace-export-test').click()
      await dialog.getByTestId('trace-export-test-ok').waitFor({ timeout: 20_000 })
      expect(received.join('')).toContain('mcp-studio.test-span')
      await trace.screenshot({ path: join(DOCS, 'trace-export-test.png') })
      await dialog.getByTestId('trace-export-cancel').click()
      await trace.close()
    } finally {
      collector.closeAllConnections()
      await new Promise((done) => collector.close(done))
    }
    expect(problems).toEqual([])
  })
})
