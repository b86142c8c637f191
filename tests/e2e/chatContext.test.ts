import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedModel, type ChatRequest, type Reply, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { appSession } from './support/appSession'
import { addCustomProvider, backToEnglishLight, dialogsSettled, importEverything, openNewChat } from './support/uiSteps'

// the README shows these
const DOCS = resolve('docs/screenshots')

let page: Page
let problems: string[]
appSession((session) => ({ page, problems } = session))

/** The model answers from what reached it: the resource block it was given and the question after it. */
function script(request: ChatRequest): Reply {
  const question = String(request.messages.findLast((m) => m.role === 'user')?.content ?? '')
  const resource = /^<resource uri="([^"]+)"/.exec(question)?.[1]
  const asked = question.split('\n\n').at(-1)
  return { text: resource ? `I read ${resource}. You asked: ${asked}` : `You asked: ${asked}` }
}

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(script, { models: ['scripted-context'] })
})
afterAll(() => model?.close())

async function snap(name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path: join(DOCS, name) })
}

const input = () => page.getByTestId('chat-input')

describe("the composer's / and @ in a real browser: server-everything over stdio, the scripted model", () => {
  it('a prompt picked with /, its arguments filled with the suggestions, and a resource attached with @; the answer arrives', async () => {
    await importEverything(page)
    await page.getByTestId('nav-models').click()
    await page.getByTestId('providers-page').waitFor()
    await addCustomProvider(page, { name: 'Scripted', baseUrl: model.baseUrl, model: 'scripted-context' })
    await page.getByTestId('nav-chat').click()
    await openNewChat(page)

    await input().pressSequentially('/te')
    const menu = page.getByTestId('chat-prompt-menu')
    await menu.getByText('Team Management').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('chat-context-option').count()).toBe(1)
    await input().press('Enter')

    // the arguments form with the server's suggestions (completion/complete)
    await page.getByTestId('prompt-arg-completable-prompt-department').fill('Eng')
    await page.locator('.ant-select-item-option').getByText('Engineering', { exact: true }).click()
    await page.getByTestId('prompt-arg-completable-prompt-name').fill('Al')
    await page.locator('.ant-select-item-option').getByText('Alice', { exact: true }).click()
    await page.getByTestId('chat-prompt-use').click()
    await expect.poll(() => input().inputValue()).toBe('Please promote Alice to the head of the Engineering team.')

    await input().press('End')
    await input().pressSequentially(' @how')
    await page.getByTestId('chat-resource-menu').getByText('how-it-works.md', { exact: true }).waitFor({ timeout: 30_000 })
    await dialogsSettled(page)
    await snap('chat-composer-resources.png')
    await input().press('Enter')
    const chip = page.getByTestId('chat-composer-attachments').getByTestId('chat-attachment')
    await expect.poll(() => chip.textContent(), { timeout: 20_000 }).toMatch(/^how-it-works\.md · everything · [\d,]+ characters$/)
    await snap('chat-composer-attachment.png')

    await input().press('Enter')
    await page.getByText('I read demo://resource/static/document/how-it-works.md. You asked: Please promote Alice to the head of the Engineering team.').waitFor({ timeout: 20_000 })
    await page.getByTestId('chat-message-attachments').getByText('how-it-works.md', { exact: true }).waitFor()
    await snap('chat-context.png')
    expect(problems).toEqual([])
  })

  it('in dark, in Chinese: the menu says what it lists, and what a search matching nothing found', async () => {
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await page.getByTestId('language-select').getByText('简体中文', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme])).toEqual(['zh-CN', 'dark'])
    await input().fill('')
    await input().pressSequentially('/zzz')
    expect(await page.getByTestId('chat-context-empty').textContent()).toBe('没有与“zzz”匹配的提示词。')
    await input().fill('')
    await input().pressSequentially('/')
    await page.getByTestId('chat-prompt-menu').getByText('Team Management').waitFor()
    await snap('chat-composer-prompts-dark.png')
    await input().press('Escape')
    await expect.poll(() => page.getByTestId('chat-prompt-menu').count()).toBe(0)
    await backToEnglishLight(page)
  })
})
