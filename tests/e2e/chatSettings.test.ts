import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageText, scriptedModel, toolCallBlock, type ChatRequest, type Reply, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { appSession } from './support/appSession'
import { addCustomProvider, dialogsSettled, importEverything, openNewChat } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')

let page: Page
appSession((session) => ({ page } = session))

/**
 * A model with no native tool calls: it reads the tools from the system prompt and writes a
 * tool_call block; with a result in the last message it answers from it. "again" keeps calling.
 */
function script(request: ChatRequest): Reply {
  const system = request.messages.filter((m) => m.role === 'system').map(messageText).join('\n')
  const sum = /^- (\S*getSum\S*):/m.exec(system)?.[1]
  const users = request.messages.filter((m) => m.role === 'user').map(messageText)
  const last = users.at(-1) ?? ''
  const question = users.filter((u) => !u.startsWith('Result of your tool_call')).at(-1) ?? ''
  if (!sum) return { text: 'no tools were described to me' }
  if (last.startsWith('Result of your tool_call') && !/again/i.test(question)) return { text: `From the tool: **${last.split('\n')[1]}**` }
  return { text: toolCallBlock(sum, { a: 19, b: 23 }, 'I will add them.') }
}

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(script, { models: ['scripted-text'] })
})
afterAll(() => model?.close())

async function ask(text: string) {
  await page.getByTestId('nav-chat').click()
  await openNewChat(page)
  await page.getByTestId('chat-input').fill(text)
  await page.getByTestId('chat-input').press('Enter')
  await page.getByTestId('chat-user-message').getByText(text).waitFor()
}

const approval = () => page.getByTestId('chat-approval-body')

describe('tools in the prompt and Settings → Chat, in a real browser', () => {
  it("a model set to take tools in the prompt calls get-sum through its text; the user sees the answer and the call's card, never the block", async () => {
    await importEverything(page)
    await page.getByTestId('nav-models').click()
    await addCustomProvider(page, { name: 'Text only', baseUrl: model.baseUrl, model: 'scripted-text' })
    const options = page.getByTestId('model-options-scripted-text')
    await options.getByRole('combobox').click()
    await page.getByTitle('In the prompt').click()
    await expect.poll(() => options.getByTestId('model-options-tool-mode').textContent()).toContain('In the prompt')

    await ask('What is 19 + 23?')
    await approval().waitFor({ timeout: 30_000 })
    await dialogsSettled(page)
    await page.getByTestId('chat-approval-once').click()
    const answer = page.getByTestId('chat-assistant-text').last()
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('The sum of 19 and 23 is 42.')
    expect(await answer.textContent()).not.toContain('tool_call')
    await expect.poll(() => page.getByTestId('chat-tool-call').last().getAttribute('data-status')).toBe('ok')
    expect(model.requests().every((r) => r.tools === undefined)).toBe(true)
  })

  it('a lower step limit saved in Settings → Chat stops the next message there; its note links back to the setting', async () => {
    await page.getByTestId('nav-settings').click()
    const section = page.getByTestId('chat-settings-section')
    await section.getByTestId('chat-settings-max-steps').fill('2')
    await section.getByTestId('chat-settings-save').click()
    await page.getByText('Chat settings saved').waitFor()
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 })
    await section.screenshot({ path: join(DOCS, 'settings-chat.png') })

    await ask('Add them again and again')
    await approval().waitFor({ timeout: 30_000 })
    await dialogsSettled(page)
    await page.getByTestId('chat-approval-chat').click()
    const note = page.getByTestId('chat-step-limit').last()
    await note.waitFor({ timeout: 30_000 })
    expect(await note.textContent()).toContain('The limit is 2 model calls per message: change it in Settings → Chat.')
    await note.getByTestId('chat-step-limit-settings').click()
    await section.waitFor()
    await expect.poll(() => section.getByTestId('chat-settings-max-steps').inputValue()).toBe('2')
    await expect.poll(() => section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true)
  })
})
