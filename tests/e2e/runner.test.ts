import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { backToEnglishLight, dialogsSettled, importEverything, openRunner, typeImportJson } from './support/uiSteps'

const MANY_TOOLS = resolve('tests/fixtures/servers/many-tools.mjs')

let app: BrowserApp
let page: Page
let problems: string[]

appSession((session) => ({ app, page, problems } = session))

async function openToolsTab() {
  await page.getByTestId('server-name').first().click()
  await page.getByTestId('editor-tab-tools').click()
  await page.getByTestId('tools-table').waitFor()
}

const body = () => page.getByTestId('tool-runner-body')

describe('the Tools tab and the tool runner in a real browser, on server-everything over stdio', () => {
  it('lists the tools with their switches and schema', async () => {
    await importEverything(page)
    await openToolsTab()
    await page.getByTestId('tool-name-echo').waitFor()
    expect(Number((await page.getByTestId('tools-count').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(5)
    expect(await page.getByTestId('tool-enabled-echo').getAttribute('aria-checked')).toBe('true')
    // the function-call id on hover
    await page.getByTestId('tool-name-echo').hover()
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('mcp__everything__echo')
    await page.screenshot({ path: join(ARTIFACTS, 'tools-tab.png') })
  })

  it('runs echo from the form and shows the text result (opened and run from the keyboard)', async () => {
    await page.getByTestId('tool-run-echo').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('runner-run').waitFor()
    await dialogsSettled(page)
    await body().getByLabel('message').focus()
    await page.keyboard.type('hello from the form')
    await page.getByTestId('runner-run').focus()
    await page.keyboard.press('Enter')
    const result = page.getByTestId('tool-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('Echo: hello from the form')
    expect(await result.getAttribute('data-error')).toBe('false')
    await page.getByTestId('runner-close').click()
  })

  it('trigger-long-running-operation: the progress bar moves, then Cancel stops it', async () => {
    await openRunner(page, 'trigger-long-running-operation')
    await body().getByLabel('duration').fill('60')
    await body().getByLabel('steps').fill('60')
    await page.getByTestId('runner-run').click()
    const progress = page.getByTestId('runner-progress')
    await expect.poll(async () => Number((await progress.getAttribute('data-progress')) || 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    const first = Number(await progress.getAttribute('data-progress'))
    await expect.poll(async () => Number(await progress.getAttribute('data-progress')), { timeout: 20_000 }).toBeGreaterThan(first)
    expect(await progress.locator('.ant-progress').isVisible()).toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'runner-progress.png') })
    await page.getByTestId('runner-cancel').click()
    await page.getByTestId('runner-cancelled').waitFor()
    expect(await page.getByTestId('runner-progress').count()).toBe(0)
    expect(await page.getByTestId('tool-result').count()).toBe(0)
    await page.getByTestId('runner-close').click()
  })

  it('get-tiny-image: the image is visible', async () => {
    await openRunner(page, 'get-tiny-image')
    await page.getByTestId('runner-run').click()
    const image = page.getByTestId('result-image').locator('img')
    await image.waitFor({ timeout: 20_000 })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await image.isVisible()).toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'result-image.png') })
    await page.getByTestId('runner-close').click()
  })

  it('get-structured-content: an enum picked in the form, structuredContent shown as a JSON tree', async () => {
    await openRunner(page, 'get-structured-content')
    await body().getByRole('combobox').click()
    await page.locator('.ant-select-item-option').getByText('Chicago', { exact: true }).click()
    await page.getByTestId('runner-run').click()
    const tree = page.getByTestId('result-structured')
    await tree.waitFor({ timeout: 20_000 })
    expect(await tree.textContent()).toContain('temperature')
    expect(await tree.textContent()).toContain('humidity')
    await page.getByTestId('runner-close').click()
  })

  it('toggle-simulated-logging: the Logs tab then shows entries', async () => {
    await openRunner(page, 'toggle-simulated-logging')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Started simulated')
    await page.getByTestId('runner-close').click()
    await page.getByTestId('editor-tab-logs').click()
    await expect
      .poll(async () => Number(await page.getByTestId('logs-count').getAttribute('data-total')), { timeout: 30_000 })
      .toBeGreaterThan(0)
    await page.getByTestId('editor-tab-tools').click()
  })

  it('a disabled tool stays disabled after a page reload', async () => {
    await page.getByTestId('tool-enabled-get-sum').click()
    await expect.poll(() => page.getByTestId('tool-enabled-get-sum').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByTestId('tool-run-get-sum').isDisabled()).toBe(true)
    // the change is saved in main's server list before the reload
    const saved = join(app.userDataDir, 'mcp', 'servers.json')
    await expect
      .poll(() => existsSync(saved) && /"disabled"[^\]]*get-sum/.test(readFileSync(saved, 'utf8')), { timeout: 10_000 })
      .toBe(true)
    await page.reload()
    // the editor route survives the reload; open it again if the list is shown instead
    await page.getByTestId('server-editor').or(page.getByTestId('server-list')).first().waitFor()
    if (!(await page.getByTestId('server-editor').isVisible())) await openToolsTab()
    await page.getByTestId('tool-enabled-get-sum').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('tool-enabled-get-sum').getAttribute('aria-checked')).toBe('false')
    expect(await page.getByTestId('tool-enabled-echo').getAttribute('aria-checked')).toBe('true')
  })

  it('Prompts tab: fetches a prompt with arguments; Resources tab: reads a resource and a filled template', async () => {
    await page.getByTestId('editor-tab-prompts').click()
    await page.getByTestId('prompt-args-prompt').click()
    // the panel open, as the user sees it, before typing and pressing Get in it: a click on a
    // form still sliding open can be lost (once in CI the prompt was never asked for)
    await page.waitForFunction(() => !document.querySelector('[class*="ant-motion-collapse"]'))
    await page.getByTestId('prompt-arg-args-prompt-city').fill('Oslo')
    await page.getByTestId('prompt-get-args-prompt').click()
    await expect.poll(() => page.getByTestId('prompt-messages-args-prompt').textContent(), { timeout: 20_000 }).toContain('Oslo')
    await page.screenshot({ path: join(ARTIFACTS, 'prompts-tab.png') })

    await page.getByTestId('editor-tab-resources').click()
    await page.locator('[data-testid^="resource-read-"]').first().click()
    await page.getByTestId('resource-contents').waitFor({ timeout: 20_000 })
    expect((await page.getByTestId('resource-contents').textContent())?.length).toBeGreaterThan(10)
    await expect.poll(() => page.getByTestId('resource-contents').isVisible()).toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'resources-tab.png') })

    await page.getByTestId('resources-templates-tab').click()
    await page.getByTestId('template-name-Dynamic Text Resource').click()
    await page.getByTestId('template-var-Dynamic Text Resource-resourceId').fill('7')
    expect(await page.getByTestId('template-uri-Dynamic Text Resource').textContent()).toBe('demo://resource/dynamic/text/7')
    await page.getByTestId('template-read-Dynamic Text Resource').click()
    await expect.poll(() => page.getByTestId('resource-contents').textContent(), { timeout: 20_000 }).toContain('7')
    await page.getByTestId('editor-tab-tools').click()
  })

  it('in Chinese and dark: the tab and the runner show no untranslated key', async () => {
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await page.getByTestId('theme-select').getByText('深色', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await expect.poll(() => page.getByTestId('tools-count').textContent()).toMatch(/个工具/)
    await openRunner(page, 'echo')
    await body().getByLabel('message').fill('你好')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Echo: 你好')
    const text = await page.locator('body').innerText()
    expect(text).toContain('以 JSON 编辑')
    expect(text).toContain('复制为 JSON')
    for (const leaked of [/\b(tools|runner|results|prompts|resources)\.[a-z]+/, /Edit as JSON|Copy as JSON|Elapsed|Auto-approve/]) {
      expect(text).not.toMatch(leaked)
    }
    await page.screenshot({ path: join(ARTIFACTS, 'runner-zh-dark.png') })
    await page.getByTestId('runner-close').click()
    await backToEnglishLight(page)
  })

  it('a server with 1,000 tools opens its Tools tab virtualized, and scrolling reaches the last one', async () => {
    await page.getByTestId('editor-back').click()
    const config = { mcpServers: { many: { command: process.execPath, args: [MANY_TOOLS] } } }
    await typeImportJson(page, JSON.stringify(config, null, 2))
    await page.getByTestId('import-submit').click()
    await page.getByTestId('server-name').getByText('many', { exact: true }).click()
    await page.getByTestId('editor-tab-tools').click()
    await expect.poll(() => page.getByTestId('tools-count').textContent(), { timeout: 30_000 }).toBe('Tools: 1002')
    await page.getByTestId('tool-name-echo').waitFor()
    const rendered = await page.locator('[data-testid^="tool-name-"]').count()
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(100)
    await page.screenshot({ path: join(ARTIFACTS, 'tools-1000.png') })
    // scroll the virtual list to its end: the last tool is drawn then
    await page.locator('.ant-table-tbody-virtual-holder').evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await page.getByTestId('tool-name-tool_0999').waitFor({ timeout: 10_000 })
    expect(await page.locator('[data-testid^="tool-name-"]').count()).toBeLessThan(100)
  })

  it('logged no console errors, page errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
