import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { chooseAddMenuItem, dialogsSettled, openRunner } from './support/uiSteps'

let app: BrowserApp
let page: Page
let problems: string[]

appSession((session) => ({ app, page, problems } = session))

const card = (key: string) => page.locator(`[data-testid="catalogue-card"][data-key="${key}"]`)
const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const body = () => page.getByTestId('tool-runner-body')

/** a screenshot once the page is still: no dialog fading out, no theme transition running */
async function snap(name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
  )
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true })
}

/** Switches to the JSON arguments of the open runner and types `args` the way a paste would. */
async function typeArgs(args: unknown) {
  await page.getByTestId('runner-json-switch').click()
  const editor = page.getByTestId('runner-json-input').locator('.cm-content')
  await editor.click()
  await editor.fill(JSON.stringify(args))
}

describe('first run in a real browser: the built-ins with zero configuration', () => {
  it('shows the built-ins, then the presets, as cards with Add (light; dark and Chinese)', async () => {
    await page.getByTestId('server-list-empty').waitFor()
    const keys = await page.getByTestId('catalogue-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.key))
    expect(keys).toEqual(['memory', 'filesystem', 'sequentialThinking', 'fetch', 'nowledgeMem', 'flomo', 'mcpAutoInstall'])
    expect(await card('flomo').textContent()).toContain('https://flomoapp.com/mcp')
    expect(await card('mcpAutoInstall').textContent()).toContain('npx -y @mcpmarket/mcp-auto-install connect --json')
    await snap('first-run.png')

    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    const catalogue = (await page.getByTestId('catalogue').textContent()) ?? ''
    expect(catalogue).toContain('内置服务器')
    expect(catalogue).toContain('添加')
    // no key shown instead of its text
    expect(catalogue).not.toMatch(/catalogue(Entries)?\.[a-zA-Z]+/)
    await snap('first-run-dark-zh.png')

    await page.getByTestId('language-select').getByText('English', { exact: true }).click()
    await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['en-US', 'light'])
  })

  it('Add memory: it is added switched on, with no approval asked, and its card says Added', async () => {
    await page.getByTestId('catalogue-add-memory').click()
    await expect.poll(() => row('@studio/memory').getByTestId('server-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('connected')
    expect(await row('@studio/memory').getByTestId('server-builtin-tag').textContent()).toBe('Built-in')
    expect(await row('@studio/memory').getByTestId('server-switch').getAttribute('aria-checked')).toBe('true')
    expect(await page.getByTestId('approval-dialog').count()).toBe(0)
    await expect.poll(() => row('@studio/memory').getByTestId('server-tool-count').getAttribute('data-count'), { timeout: 15_000 }).toBe('9')
    // the list is no longer empty: the same cards are one menu away, memory marked Added
    await chooseAddMenuItem(page, 'add-menu-catalogue')
    await card('memory').getByTestId('catalogue-added').waitFor()
    await dialogsSettled(page)
    await snap('catalogue-dialog.png')
    expect(await page.getByTestId('catalogue-add-sequentialThinking').isEnabled()).toBe(true)
    await page.getByTestId('catalogue-close').click()
    await page.getByTestId('catalogue-dialog').waitFor({ state: 'detached' })
  })

  it('runs create_entities, then read_graph shows the entity, in the tool runner', async () => {
    await row('@studio/memory').getByTestId('server-name').click()
    await page.getByTestId('editor-tab-tools').click()
    await page.getByTestId('tools-table').waitFor()

    await openRunner(page, 'create_entities')
    await typeArgs({ entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program'] }] })
    await page.getByTestId('runner-run').click()
    const result = page.getByTestId('tool-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('Ada Lovelace')
    expect(await result.getAttribute('data-error')).toBe('false')
    await page.getByTestId('runner-close').click()
    await dialogsSettled(page)

    await openRunner(page, 'read_graph')
    await page.getByTestId('runner-run').click()
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('wrote the first program')
    expect(await result.textContent()).toContain('person')
    expect(await result.getAttribute('data-error')).toBe('false')
    expect(await body().count()).toBe(1)
    await page.getByTestId('runner-close').click()

    // kept by the app in its own user-data folder, where the next start finds it
    const saved = readFileSync(join(app.userDataDir, 'mcp', 'memory.json'), 'utf8')
    expect(saved).toContain('"name":"Ada Lovelace"')
    expect(problems).toEqual([])
  })
})
