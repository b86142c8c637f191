import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStandInRegistry, type StandInRegistry } from '../fixtures/discovery/standInRegistry'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { chooseAddMenuItem, dialogsSettled } from './support/uiSteps'

let registry: StandInRegistry
beforeAll(async () => {
  registry = await startStandInRegistry()
})
afterAll(() => registry.close())

let page: Page
appSession((session) => ({ page } = session))

const names = () => page.getByTestId('discovery-item').evaluateAll((rows) => rows.map((r) => r.querySelector('code')?.textContent))
const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)

async function snap(name: string) {
  await dialogsSettled(page)
  await page.screenshot({ path: join(ARTIFACTS, name) })
}

describe('Browse the MCP Registry in a real browser', () => {
  it('a registry added, "time" typed: the results as you type, more as you scroll; Add reviews the command and asks for the secret', async () => {
    await chooseAddMenuItem(page, 'add-menu-discovery')
    await page.getByTestId('discovery-no-registry').waitFor()
    await page.getByTestId('discovery-registry-input').fill(registry.url)
    await page.getByTestId('discovery-registry-save').click()
    await page.getByTestId('discovery-search').locator('input').pressSequentially('time')
    await expect.poll(names).toContain('io.github.example/time')
    await snap('discovery.png')
    // scrolling to the end pages over the cursor until the last page
    await page.getByTestId('discovery-results').evaluate((list) => list.scrollTo(0, list.scrollHeight))
    await expect.poll(async () => (await page.getByTestId('discovery-results').textContent())?.includes('io.github.example/time-tool-9')).toBe(true)

    await page.getByTestId('discovery-search').locator('input').fill('weather')
    await expect.poll(names).toEqual(['io.github.example/weather'])
    await page.getByTestId('discovery-add').click()
    await page.getByTestId('discovery-review').waitFor()
    expect(await page.getByTestId('discovery-review-target').textContent()).toContain('npx -y --prefer-offline @example/weather-mcp@1.2.0')
    await page.getByTestId('discovery-input-WEATHER_API_KEY').fill('sk-e2e-weather-31')
    await snap('discovery-review.png')
    await page.getByTestId('discovery-review-add').click()
    await row('io.github.example/weather').waitFor()
    expect(await row('io.github.example/weather').getByTestId('server-switch').getAttribute('aria-checked')).toBe('true')
  })

  it('dark and in Chinese: the saved registry searched again, the runs and publisher said in Chinese', async () => {
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await chooseAddMenuItem(page, 'add-menu-discovery')
    await page.getByTestId('discovery-search').locator('input').pressSequentially('time')
    await expect.poll(names).toContain('io.github.example/time')
    expect(await page.getByTestId('discovery-item').first().textContent()).toContain('发布者：io.github.example')
    await snap('discovery-dark-zh.png')
    await page.getByRole('button', { name: '关闭' }).last().click()
    await page.getByTestId('language-select').getByText('English', { exact: true }).click()
    await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
  })
})
