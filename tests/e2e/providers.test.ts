import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MASKED_VALUE, type ProviderPreset } from '@shared/chat/providers'
import { scriptedAnthropic, type ScriptedAnthropic } from '../fixtures/chat/scriptedAnthropic'
import { scriptedModel, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { localModelServer } from '../renderer/providers/localModelServer'
import { appSession } from './support/appSession'
import { dialogsSettled } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')
const KEY = 'sk-e2e-provider-key-5c0ffee'

let page: Page
let problems: string[]
appSession((session) => ({ page, problems } = session))

let cloud: ScriptedModel
let local: { model: ScriptedModel; preset: ProviderPreset }
let anthropic: ScriptedAnthropic
beforeAll(async () => {
  anthropic = await scriptedAnthropic(() => ({ text: 'hello' }), { models: ['claude-e2e-sonnet', 'claude-e2e-haiku'], key: KEY })
  // one needs a key, as a cloud provider does; the other sits where a local server would
  cloud = await scriptedModel(() => ({ text: 'hello' }), { models: ['scripted-mini', 'scripted-large'], key: KEY })
  local = await localModelServer(['llama-3.2-3b', 'qwen2.5-7b', 'phi-4'])
})
afterAll(async () => {
  await anthropic?.close()
  await cloud?.close()
  await local?.model.close()
})

const row = () => page.getByTestId('provider-row-scripted-cloud')
const modelLine = (model: string) => row().getByTestId(`provider-model-${model}`)

/** a screenshot once the page is still: no dialog fading, no theme transition running */
async function snap(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path: join(DOCS, name), fullPage: true })
}

describe('the Models page in a real browser', () => {
  it('adds the scripted model as a provider, fetches its models, sets the default; after a reload it is all there, the key masked', async () => {
    // with no provider yet, the chat says what to add and shows the server found here
    await page.getByTestId('nav-chat').click()
    const none = page.getByTestId('no-provider-state')
    await none.getByTestId(`local-endpoint-${local.preset.id}`).waitFor()
    await snap('providers-none.png')
    await none.getByTestId('no-provider-open-models').click()
    await page.getByTestId('providers-page').waitFor()
    expect(new URL(page.url()).hash).toBe('#page=models')
    // the server on this computer is found at the top
    await page.getByTestId(`local-endpoint-${local.preset.id}`).getByText(`${local.preset.name} — models: 3`).waitFor()

    await page.getByTestId('provider-add').click()
    await dialogsSettled(page)
    await page.getByTestId('provider-preset-custom').click()
    await page.getByTestId('provider-name').fill('Scripted cloud')
    await page.getByTestId('provider-base-url').fill(cloud.baseUrl)
    await page.getByTestId('provider-api-key').fill(KEY)
    await page.getByTestId('provider-fetch-models').click()
    const fetched = page.getByTestId('provider-fetched-models')
    await fetched.getByText('The provider lists 2 models').waitFor()
    expect(await fetched.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([true, true])
    await page.locator('.ant-modal').screenshot({ path: join(DOCS, 'providers-add.png') })
    await page.getByTestId('provider-save').click()
    await page.getByTestId('provider-dialog').waitFor({ state: 'detached' })

    await row().waitFor()
    expect(await row().getByTestId('provider-key-state').textContent()).toBe('Key set')
    expect(await row().getByTestId('provider-model-count').textContent()).toBe('Models: 2')
    await modelLine('scripted-large').getByTestId('provider-model-set-default').click()
    await expect.poll(() => modelLine('scripted-large').getAttribute('data-default')).toBe('true')
    await page.getByTestId(`local-endpoint-${local.preset.id}`).getByTestId('local-endpoint-add').click()
    await page.getByTestId(`local-endpoint-${local.preset.id}`).getByTestId('local-endpoint-added').waitFor()

    await page.reload()
    await row().waitFor()
    await page.locator('[data-testid^="provider-row-"]', { hasText: local.preset.name }).waitFor()
    await snap('providers.png')
    expect(await modelLine('scripted-large').getAttribute('data-default')).toBe('true')
    expect(await row().getByTestId('provider-key-state').textContent()).toBe('Key set')
    expect(await page.content()).not.toContain(KEY)
    await row().getByTestId('provider-edit').click()
    await dialogsSettled(page)
    expect(await page.getByTestId('provider-api-key').inputValue()).toBe(MASKED_VALUE)
    // the saved key, used in main, still lists the models
    await page.getByTestId('provider-fetch-models').click()
    await page.getByTestId('provider-fetched-models').getByText('The provider lists 2 models').waitFor()
    await page.getByTestId('provider-cancel').click()
    await page.getByTestId('provider-dialog').waitFor({ state: 'detached' })

    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    expect(await row().getByTestId('provider-key-state').textContent()).toBe('已设置密钥')
    await snap('providers-dark-zh.png')
    await page.getByTestId('language-select').getByText('English', { exact: true }).click()
    await page.getByTestId('theme-select').getByText('Light', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['en-US', 'light'])
    expect(problems).toEqual([])
  })

  it('an Anthropic provider: the kind select fills its address, its models are fetched from its own endpoint, the row says Anthropic', async () => {
    await page.getByTestId('nav-models').click()
    await page.getByTestId('providers-page').waitFor()
    await page.getByTestId('provider-add').click()
    await dialogsSettled(page)
    await page.getByTestId('provider-preset-custom').click()
    await page.getByTestId('provider-kind').click()
    await page.locator('.ant-select-item-option', { hasText: 'Anthropic' }).click()
    await expect.poll(() => page.getByTestId('provider-base-url').inputValue()).toBe('https://api.anthropic.com/v1')
    await page.getByTestId('provider-base-url').fill(anthropic.baseUrl)
    await page.getByTestId('provider-name').fill('Claude')
    await page.getByTestId('provider-api-key').fill(KEY)
    await page.getByTestId('provider-fetch-models').click()
    await page.getByTestId('provider-fetched-models').getByText('The provider lists 2 models').waitFor()
    await page.locator('.ant-modal').screenshot({ path: join(DOCS, 'providers-add-anthropic.png') })
    await page.getByTestId('provider-save').click()
    await page.getByTestId('provider-dialog').waitFor({ state: 'detached' })
    const claude = page.getByTestId('provider-row-claude')
    await claude.waitFor()
    expect(await claude.getByTestId('provider-kind-tag').textContent()).toBe('Anthropic')
    expect(await claude.getByTestId('provider-model-count').textContent()).toBe('Models: 2')
    await snap('providers-kinds.png')
    expect(await page.content()).not.toContain(KEY)
    expect(problems).toEqual([])
  })
})
