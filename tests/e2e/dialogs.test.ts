import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { dialogsSettled, importEverything, openRunner } from './support/uiSteps'


let page: Page
let problems: string[]

appSession((session) => ({ page, problems } = session))

/** Waits for a dialog's opening animation to end, so keys and screenshots meet it as the user does. */
async function settled(testId: string) {
  await page.getByTestId(testId).waitFor()
  await dialogsSettled(page)
}

async function pick(testId: string, label: string) {
  await page.getByTestId(testId).getByText(label, { exact: true }).click()
}

describe('dialogs for server requests, driven from the tool runner in a real browser', () => {
  it('elicitation: the dialog appears, and filling it returns the values to the tool result', async () => {
    await importEverything(page)
    await page.getByTestId('server-name').first().click()
    await page.getByTestId('editor-tab-tools').click()
    await openRunner(page, 'trigger-elicitation-request')
    await page.getByTestId('runner-run').click()

    const dialog = page.getByTestId('elicitation-dialog')
    // keys go in once the dialog is fully open, as a user sees it
    await settled('elicitation-dialog')
    expect(await dialog.getByTestId('elicitation-message').textContent()).toBe('Please provide inputs for the following fields:')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('elicitation-field-name')
    await page.keyboard.type('Ada Lovelace')
    // keyboard only: Tab reaches the checkbox, Space ticks it
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('elicitation-field-check')
    await page.keyboard.press('Space')
    await dialog.getByTestId('elicitation-field-email').fill('ada@example.com')
    await page.screenshot({ path: join(ARTIFACTS, 'elicitation-dialog.png') })
    await dialog.getByTestId('elicitation-accept').click()
    await dialog.waitFor({ state: 'detached' })

    const result = page.getByTestId('tool-result')
    await expect.poll(() => result.textContent(), { timeout: 20_000 }).toContain('Name: Ada Lovelace')
    expect(await result.textContent()).toContain('Email: ada@example.com')
    expect(await result.textContent()).toContain('Agreed to terms: true')
    await page.getByTestId('runner-close').click()
  })

  it('sampling: approving a typed reply puts it in the tool result', async () => {
    await openRunner(page, 'trigger-sampling-request')
    await page.getByTestId('tool-runner-body').getByLabel('prompt').fill('Name a colour.')
    await page.getByTestId('runner-run').click()

    const dialog = page.getByTestId('sampling-dialog')
    await settled('sampling-dialog')
    expect(await dialog.getByTestId('sampling-message').textContent()).toContain('Name a colour.')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sampling-reply')
    await page.keyboard.type('Ultramarine.')
    await page.screenshot({ path: join(ARTIFACTS, 'sampling-dialog.png') })
    // keyboard only: from the reply, Tab past "Draft with a model" (disabled here: no provider; its
    // wrapper takes focus so its tooltip can say why), to Reject, to Approve, Enter
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sampling-draft-wrapper')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sampling-approve')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('Ultramarine.')
    await page.getByTestId('runner-close').click()
  })

  it('URL mode: the whole address is shown with its host stood out; Decline opens nothing', async () => {
    await openRunner(page, 'trigger-url-elicitation')
    const url = 'https://login.example.com/authorize?client=studio&state=xyz'
    await page.getByTestId('tool-runner-body').getByLabel('url').fill(url)
    await page.getByTestId('runner-run').click()

    const dialog = page.getByTestId('elicitation-url-dialog')
    await settled('elicitation-url-dialog')
    expect(await dialog.getByTestId('elicitation-url').textContent()).toContain(url)
    expect(await dialog.getByTestId('elicitation-url-host').textContent()).toBe('login.example.com')
    // consent is a deliberate click: focus waits on Cancel, not on Open
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('elicitation-cancel')
    await page.screenshot({ path: join(ARTIFACTS, 'elicitation-url-dialog.png') })
    await dialog.getByTestId('elicitation-decline').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('User declined to open the URL')
    await page.getByTestId('runner-close').click()
  })

  it('in Chinese and dark: every dialog string translated; Decline reaches the server', async () => {
    await pick('theme-select', 'Dark')
    await pick('language-select', '简体中文')
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await openRunner(page, 'trigger-elicitation-request')
    await page.getByTestId('runner-run').click()

    const dialog = page.getByTestId('elicitation-dialog')
    await settled('elicitation-dialog')
    const text = await dialog.innerText()
    expect(text).toContain('everything 请求提供信息')
    expect(text).toMatch(/请在 [45]:\d\d 内回答/)
    for (const english of ['Accept', 'Decline', 'Cancel', 'Answer within', 'asks for', 'dialogs.']) expect(text).not.toContain(english)
    await page.screenshot({ path: join(ARTIFACTS, 'elicitation-dialog-dark-zh.png') })

    await dialog.getByTestId('elicitation-decline').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('tool-result').textContent(), { timeout: 20_000 }).toContain('User declined')
    await page.getByTestId('runner-close').click()
    expect(problems).toEqual([])
  })
})
