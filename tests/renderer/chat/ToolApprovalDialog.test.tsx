import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from '@renderer/App'
import { scriptedModel, toolResults, type ChatRequest, type Reply } from '../../fixtures/chat/scriptedModel'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, stdioServer } from '../tools/harness'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

// The approval dialog on the real main side: two chats wait for a tool call at once, while the
// user is on the servers page.
let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  withoutEnvironmentProviders()
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.unstubAllEnvs()
})

const sumThenAnswer = (request: ChatRequest): Reply => {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user')
  const results = toolResults({ ...request, messages: request.messages.slice(lastUser) })
  if (results.length) return { text: `Answer: ${results.at(-1)}` }
  const fn = request.tools?.map((t) => t.function.name).find((n) => n.includes('__getSum')) ?? ''
  return { toolCalls: [{ name: fn, args: { a: 4, b: 5 } }] }
}

async function twoChatsWaiting() {
  const model = await scriptedModel(sumThenAnswer, { models: ['scripted-1'] })
  cleanups.push(() => model.close())
  const main = await createMcpApi()
  cleanups.push(() => main.dispose())
  await main.addServers([stdioServer('everything', EVERYTHING)])
  await main.api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'], defaultModel: 'scripted-1' })
  const ids: string[] = []
  for (const text of ['first sum', 'second sum']) {
    const { id } = await main.api.chat.createConversation()
    await main.api.chat.send({ conversationId: id, text })
    ids.push(id)
  }
  await waitFor(async () => expect(await main.api.chat.pendingApprovals()).toHaveLength(2), { timeout: 30_000 })
  return { main, ids }
}

const answerOf = async (main: Awaited<ReturnType<typeof createMcpApi>>, id: string) => {
  const last = (await main.api.chat.getConversation({ conversationId: id })).messages.at(-1)
  return last?.role === 'assistant' && !last.running ? last.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : undefined
}

describe('the tool approval dialog on the real main side', () => {
  it('shows calls that waited before the window loaded, one at a time with the queue, on the servers page; Always allow turns the switch on', async () => {
    const { main, ids } = await twoChatsWaiting()
    const first = renderApp(<App />, { api: main.api })
    const body = await screen.findByTestId('chat-approval-body', {}, { timeout: 20_000 })
    expect(screen.getByTestId('nav-servers').className).toContain('ant-menu-item-selected')
    expect(body.textContent).toContain('1 more call waits after this one.')
    expect(within(body).getByTestId('chat-approval-hint-readOnly').textContent).toBe('Read-only')
    // a reload (a new window on the same main) shows the same call
    const shown = body.getAttribute('data-request-id')
    first.unmount()
    renderApp(<App />, { api: main.api })
    const again = await screen.findByTestId('chat-approval-body', {}, { timeout: 20_000 })
    expect(again.getAttribute('data-request-id')).toBe(shown)

    fireEvent.click(screen.getByTestId('chat-approval-always'))
    // the next waits in the same dialog
    await waitFor(() => expect(screen.getByTestId('chat-approval-body').getAttribute('data-request-id')).not.toBe(shown))
    expect(screen.getByTestId('chat-approval-body').textContent).not.toContain('more call')
    await waitFor(() => expect(main.registry.get('everything')?.tools?.autoApprove).toEqual(['get-sum']))
    fireEvent.click(screen.getByTestId('chat-approval-chat'))
    await waitFor(() => expect(screen.queryByTestId('chat-approval-body')).toBeNull())
    for (const id of ids) await waitFor(async () => expect(await answerOf(main, id)).toContain('The sum of 4 and 5 is 9'), { timeout: 20_000 })
  })
})
