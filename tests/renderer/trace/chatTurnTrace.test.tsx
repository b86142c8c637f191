import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { TracePage } from '@renderer/pages/TracePage'
import { scriptedModel, toolResults, type ChatRequest, type Reply } from '../../fixtures/chat/scriptedModel'
import { createMcpApi, disposeTrackedApis } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, stdioServer } from '../tools/harness'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  disposeTrackedApis()
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** Calls get-sum once; with its result back, answers with it. */
function sumScript(request: ChatRequest): Reply {
  const results = toolResults(request)
  if (results.length) return { text: `The answer: ${results.at(-1)}` }
  const sum = request.tools!.find((t) => t.function.name.startsWith('mcp__everything__getSum'))!
  return { toolCalls: [{ name: sum.function.name, args: { a: 2, b: 3 } }] }
}

const rows = () => screen.queryAllByTestId('trace-row')
const rowNamed = (name: string) => rows().find((row) => within(row).getByTestId('trace-row-name').textContent === name)

describe('a chat turn in the Trace window', () => {
  it('is one row with its tokens; its waterfall has the model steps and the tool call', async () => {
    const model = await scriptedModel(sumScript)
    cleanups.push(() => model.close())
    const main = await createMcpApi()
    cleanups.push(main.dispose)
    // get-sum runs unasked (its Auto-approve switch is on)
    await main.addServers([stdioServer('everything', EVERYTHING, { tools: { autoApprove: ['get-sum'] } })])
    await main.api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, apiKey: 'sk-renderer-trace-0001', models: ['scripted-1'] })
    const chat = await main.api.chat.createConversation()
    await main.api.chat.send({ conversationId: chat.id, text: 'what is 2 + 3?' })

    renderApp(<TracePage />, { api: main.api })
    // "Calls only" is on by default and keeps the turn
    await waitFor(() => expect(rowNamed('chat turn scripted-1')?.dataset.status).toBe('ok'), { timeout: 15_000 })
    const row = rowNamed('chat turn scripted-1')!
    expect(row.textContent).toContain('20 in / 10 out tokens')
    fireEvent.click(row)

    const detail = await screen.findByTestId('trace-detail')
    await waitFor(() => expect(within(detail).getAllByTestId('span-row').map((r) => r.dataset.spanName)).toEqual(expect.arrayContaining(['chat turn scripted-1', 'chat scripted-1', 'everything.get-sum'])))
    expect(within(detail).getAllByTestId('span-row').filter((r) => r.dataset.spanName === 'chat scripted-1')).toHaveLength(2)
    expect(within(screen.getByTestId('span-details')).getByTestId('span-attributes').textContent).toContain('gen_ai.usage.input_tokens')
  })
})
