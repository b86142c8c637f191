import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { everythingConfig, openRunner, typeImportJson } from './support/uiSteps'

let page: Page
appSession((session) => ({ page } = session))

const KEY = 'sk-e2e-echo-secret-31337'

describe('the tool runner in a real browser: a result echoing a secret of its server', () => {
  it('is shown hidden with a notice; Reveal shows it, Hide hides it again', async () => {
    const config = everythingConfig()
    const withKey = { mcpServers: { everything: { ...config.mcpServers.everything, env: { API_KEY: KEY } } } }
    await typeImportJson(page, JSON.stringify(withKey, null, 2))
    await page.getByTestId('import-submit').click()
    await expect.poll(async () => Number(await page.getByTestId('server-tool-count').first().getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThan(0)
    await page.getByTestId('server-name').first().click()
    await page.getByTestId('editor-tab-tools').click()
    await openRunner(page, 'echo')
    await page.getByTestId('tool-runner-body').getByLabel('message').fill(`my key is ${KEY}`)
    await page.getByTestId('runner-run').click()
    const result = page.getByTestId('tool-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('Echo: my key is [redacted]')
    expect(await page.getByTestId('tool-runner-body').textContent()).not.toContain(KEY)
    await page.screenshot({ path: join(ARTIFACTS, 'runner-result-secret-hidden.png') })

    await page.getByTestId('result-secrets-toggle').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => result.textContent()).toContain(`Echo: my key is ${KEY}`)
    await page.screenshot({ path: join(ARTIFACTS, 'runner-result-secret-shown.png') })
    await page.getByTestId('result-secrets-toggle').click()
    await expect.poll(() => result.textContent()).not.toContain(KEY)
  })
})
