import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBundleHost, type BundleHost } from '../fixtures/discovery/bundleHost'
import { startStandInRegistry, type StandInRegistry } from '../fixtures/discovery/standInRegistry'
import { helloArchive } from '../main/extensions/archives'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { chooseAddMenuItem, dialogsSettled } from './support/uiSteps'

let bundles: BundleHost
let registry: StandInRegistry
// before the app starts: it trusts the bundle host's certificate as it would a real host's
beforeAll(async () => {
  bundles = await startBundleHost(await helloArchive())
  registry = await startStandInRegistry({ entries: [bundles.good, bundles.wrong] as never })
})
afterAll(async () => {
  await registry.close()
  await bundles.close()
})

let page: Page
appSession((session) => ({ page } = session), { env: () => ({ NODE_EXTRA_CA_CERTS: bundles.caFile }) })

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)

async function snap(name: string) {
  await dialogsSettled(page)
  await page.screenshot({ path: join(ARTIFACTS, name) })
}

async function search(term: string) {
  await chooseAddMenuItem(page, 'add-menu-discovery')
  const saved = page.getByTestId('discovery-search')
  if (!(await saved.isVisible())) {
    await page.getByTestId('discovery-registry-input').fill(registry.url)
    await page.getByTestId('discovery-registry-save').click()
  }
  await page.getByTestId('discovery-search').locator('input').fill(term)
}

describe('a desktop extension from the MCP Registry in a real browser', () => {
  it('Add downloads the bundle and shows the extension review; Install with its setting adds it, running', async () => {
    await search('hello-bundle')
    const item = page.getByTestId('discovery-item').filter({ hasText: 'io.github.example/hello-bundle' }).filter({ hasNotText: 'tampered' })
    await expect.poll(() => item.textContent()).toContain('desktop extension (.mcpb)')
    await snap('discovery-bundle-listed.png')
    await item.getByTestId('discovery-add').click()
    await page.getByTestId('extension-preview').waitFor()
    expect(await page.getByTestId('extension-name').textContent()).toBe('Hello Extension 1.0.0')
    await page.getByTestId('user-config-greeting').fill('Grüezi')
    await snap('discovery-bundle-review.png')
    await page.getByTestId('extension-install').click()
    await page.getByTestId('extension-dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Close' }).last().click()
    await row('Hello Extension').waitFor()
    await expect.poll(() => row('Hello Extension').getByTestId('server-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('connected')
  })

  it('dark and in Chinese, a checksum that does not match: the entry named, Retry offered, nothing installed', async () => {
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await search('hello-bundle-tampered')
    expect(await page.getByTestId('discovery-item').textContent()).toContain('桌面扩展 (.mcpb)')
    await page.getByTestId('discovery-add').click()
    const failure = page.getByTestId('extension-stage-error')
    await failure.waitFor()
    expect(await failure.textContent()).toContain('io.github.example/hello-bundle-tampered was refused')
    expect(await failure.textContent()).toContain('无法从注册表安装此扩展')
    await page.getByTestId('extension-bundle-retry').waitFor()
    await snap('discovery-bundle-refused-dark-zh.png')
    await page.getByTestId('extension-cancel').click()
    await page.getByRole('button', { name: '关闭' }).last().click()
    await expect.poll(() => page.locator('[data-testid="server-list-item"]').count()).toBe(1)
  })
})
