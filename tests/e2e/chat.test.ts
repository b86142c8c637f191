import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { addCustomProvider, backToEnglishLight, dialogsSettled, importEverything, openNewChat } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')

let page: Page
let problems: string[]
appSession((session) => ({ page, problems } = session))

/** The function-call id the model was offered for a tool of server-everything (getSum, …). */
const fn = (request: ChatRequest, camel: string) => request.tools?.map((t) => t.function.name).find((n) => n.includes(`__${camel}`)) ?? ''

/**
 * The model: a question with "sum" calls get-sum, one with "wait" the long-running operation;
 * once the call's result (or the user's denial) is in the request, it answers with it.
 */
function script(request: ChatRequest): Reply {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user')
  const question = String(request.messages[lastUser]?.content ?? '')
  const results = toolResults({ ...request, messages: request.messages.slice(lastUser) })
  if (results.length) return { text: `Here is what the tool said: **${results.at(-1)}**` }
  if (/sum/i.test(question)) return { toolCalls: [{ name: fn(request, 'getSum'), args: { a: 19, b: 23 } }] }
  if (/wait/i.test(question)) return { toolCalls: [{ name: fn(request, 'triggerLongRunningOperation'), args: { duration: 60, steps: 60 } }] }
  return { text: 'Ask me for a sum.' }
}

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(script, { models: ['scripted-chat'] })
})
afterAll(() => model?.close())

/** a screenshot once the page is still: no dialog fading, no theme transition running, no toast */
async function snap(name: string, fullPage = false) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 })
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path: join(DOCS, name), fullPage })
}

async function ask(text: string) {
  await openNewChat(page)
  await page.getByTestId('chat-input').fill(text)
  await page.getByTestId('chat-input').press('Enter')
  await page.getByTestId('chat-user-message').getByText(text).waitFor()
}

const approval = () => page.getByTestId('chat-approval-body')
const lastCall = () => page.getByTestId('chat-tool-call').last()

describe('the chat in a real browser: the scripted model, server-everything over stdio', () => {
  it('with no provider the chat says so; the provider is added on the Models page', async () => {
    await importEverything(page)
    await page.getByTestId('nav-chat').click()
    await page.getByTestId('no-provider-state').waitFor()
    await page.getByTestId('no-provider-open-models').click()
    await page.getByTestId('providers-page').waitFor()
    await addCustomProvider(page, { name: 'Scripted', baseUrl: model.baseUrl, model: 'scripted-chat' })
    await page.getByTestId('provider-model-scripted-chat').waitFor()
  })

  it('asks before get-sum, showing server, tool and arguments; Allow once, and the answer is built from the result', async () => {
    await page.getByTestId('nav-chat').click()
    await ask('What is the sum of 19 and 23?')
    await approval().waitFor({ timeout: 30_000 })
    expect(await approval().getByTestId('chat-approval-server').textContent()).toBe('everything')
    expect(await approval().getByTestId('chat-approval-tool').textContent()).toMatch(/get-sum|sum/i)
    const args = await approval().getByTestId('chat-approval-arguments').textContent()
    expect(args).toContain('19')
    expect(args).toContain('23')
    expect(await lastCall().getAttribute('data-status')).toBe('waiting')
    await dialogsSettled(page)
    await snap('chat-approval.png')

    await page.getByTestId('chat-approval-once').click()
    await approval().waitFor({ state: 'detached' })
    const answer = page.getByTestId('chat-assistant-text').last()
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('42')
    expect(await answer.locator('strong').count()).toBe(1)
    await expect.poll(() => lastCall().getAttribute('data-status')).toBe('ok')
    await page.getByTestId('chat-usage').last().waitFor()
    // the result is folded until asked for
    expect(await lastCall().getByTestId('chat-tool-call-result-text').count()).toBe(0)
    await lastCall().getByTestId('chat-tool-call-result').getByRole('button').click()
    await expect.poll(() => lastCall().getByTestId('chat-tool-call-result-text').textContent()).toContain('42')
    await snap('chat.png')
    // what reached the model: the tool, then its result
    const last = model.requests().at(-1)!
    expect(toolResults(last).at(-1)).toContain('42')
  })

  it('the approval answers from the keyboard: Esc denies, and the model answers the denial', async () => {
    await ask('Another sum please')
    await approval().waitFor({ timeout: 30_000 })
    await dialogsSettled(page)
    await page.keyboard.press('Escape')
    await approval().waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('chat-assistant-text').last().textContent(), { timeout: 30_000 }).toContain('the user denied this call')
    expect(await lastCall().getAttribute('data-status')).toBe('denied')
  })

  it('Stop during a long-running tool: the call shows stopped, and so does the answer', async () => {
    await ask('Please wait for a while')
    await approval().waitFor({ timeout: 30_000 })
    await dialogsSettled(page)
    await page.keyboard.press('Enter')
    await approval().waitFor({ state: 'detached' })
    await expect.poll(() => lastCall().getAttribute('data-status'), { timeout: 30_000 }).toBe('running')
    await lastCall().getByTestId('chat-tool-call-progress').waitFor({ timeout: 30_000 })
    await lastCall().getByTestId('chat-tool-call-stop').click()
    await expect.poll(() => lastCall().getAttribute('data-status'), { timeout: 30_000 }).toBe('stopped')
    await page.getByTestId('chat-stopped').last().waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'chat-stopped.png') })
    // the composer can send again
    await page.getByTestId('chat-send').waitFor()
  })

  it('in dark, in Chinese: the conversation and its tool card', async () => {
    const first = page.getByTestId('chat-conversation').filter({ hasText: 'What is the sum of 19 and 23?' })
    await first.click()
    await page.getByTestId('chat-tool-call').first().waitFor()
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await snap('chat-dark.png')
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await page.getByTestId('chat-new').getByText('新对话').waitFor()
    await page.getByTestId('chat-tools-button').click()
    await page.getByTestId('chat-tools-sent').waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'chat-zh-tools.png') })
    // Esc from inside the panel closes it
    await page.getByTestId('chat-tools-all').focus()
    await page.keyboard.press('Escape')
    await page.getByTestId('chat-tools-panel').waitFor({ state: 'hidden' })
    await page.getByTestId('chat-model-picker').click()
    await page.getByTestId('chat-model-option-scripted-chat').waitFor({ state: 'visible' })
    await page.screenshot({ path: join(ARTIFACTS, 'chat-zh-models.png') })
    await page.keyboard.press('Escape')
    await backToEnglishLight(page)
    expect(problems).toEqual([])
  })
})
