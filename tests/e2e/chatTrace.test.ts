import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../fixtures/chat/scriptedModel'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'
import { addCustomProvider, importEverything, openNewChat } from './support/uiSteps'

let page: Page
let problems: string[]
appSession((session) => ({ page, problems } = session))

/** get-sum once; with its result in the request, the answer. */
function script(request: ChatRequest): Reply {
  const results = toolResults(request)
  if (results.length) return { text: `The sum: ${results.at(-1)}` }
  const sum = request.tools?.map((t) => t.function.name).find((n) => n.includes('__getSum')) ?? ''
  return { toolCalls: [{ name: sum, args: { a: 19, b: 23 } }] }
}

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(script, { models: ['scripted-trace'] })
})
afterAll(() => model?.close())

describe('a chat turn in the Trace window, in a real browser', () => {
  it('the turn is one row with its tokens; its waterfall has the two model steps and the get-sum call', async () => {
    await importEverything(page)
    await page.getByTestId('nav-chat').click()
    await page.getByTestId('no-provider-open-models').click()
    await addCustomProvider(page, { name: 'Scripted', baseUrl: model.baseUrl, model: 'scripted-trace' })

    await page.getByTestId('nav-chat').click()
    await openNewChat(page)
    await page.getByTestId('chat-input').fill('What is 19 + 23?')
    await page.getByTestId('chat-input').press('Enter')
    await page.getByTestId('chat-approval-body').waitFor({ timeout: 30_000 })
    await page.getByTestId('chat-approval-once').click()
    await expect.poll(() => page.getByTestId('chat-assistant-text').last().textContent(), { timeout: 30_000 }).toContain('42')

    const [trace] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('nav-trace').click()])
    await trace.waitForLoadState('domcontentloaded')
    await trace.setViewportSize({ width: 1280, height: 900 })
    const row = trace.locator('[data-testid="trace-row"]').filter({ has: trace.getByTestId('trace-row-name').getByText('chat turn scripted-trace', { exact: true }) })
    await row.waitFor({ timeout: 20_000 })
    expect(await row.getAttribute('data-status')).toBe('ok')
    expect(await row.textContent()).toContain('20 in / 10 out tokens')
    await row.click()
    // the call sits beneath the first step, in the same waterfall
    await trace.locator('[data-testid="span-row"][data-span-name="everything.get-sum"]').waitFor()
    expect(await trace.locator('[data-testid="span-row"][data-span-name="chat scripted-trace"]').count()).toBe(2)
    // the first step's details: its GenAI attributes
    await trace.locator('[data-testid="span-row"][data-span-name="chat scripted-trace"]').first().click()
    await expect.poll(() => trace.getByTestId('span-details').getAttribute('data-span-name')).toBe('chat scripted-trace')
    expect(await trace.getByTestId('span-attributes').textContent()).toContain('gen_ai.usage.input_tokens')
    await trace.screenshot({ path: join(ARTIFACTS, 'trace-chat-turn.png') })
    await trace.close()
    expect(problems).toEqual([])
  })
})
