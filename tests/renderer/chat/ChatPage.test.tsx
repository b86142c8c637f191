import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from '@renderer/App'
import { scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, stdioServer } from '../tools/harness'
import { answered } from '../support/chatAnswer'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

// The chat page on the real main side: a real chat service and provider store, server-everything
// as a child process, and the scripted OpenAI-compatible model.
let script: (request: ChatRequest) => Reply = () => ({ text: 'hello' })
let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  withoutEnvironmentProviders()
  window.history.replaceState(null, '', '/#page=chat')
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  script = () => ({ text: 'hello' })
  vi.unstubAllEnvs()
  window.history.replaceState(null, '', '/')
})

/** Calls get-sum; with its result (or the denial) in the request, answers with it. */
const sumThenAnswer = (request: ChatRequest): Reply => {
  const lastUser = request.messages.findLastIndex((m) => m.role === 'user')
  const results = toolResults({ ...request, messages: request.messages.slice(lastUser) })
  if (results.length) return { text: `**Answer:** ${results.at(-1)}` }
  const fn = request.tools?.map((t) => t.function.name).find((n) => n.includes('__getSum')) ?? ''
  return { toolCalls: [{ name: fn, args: { a: 2, b: 3 } }] }
}

async function setup({ provider = true, autoApprove = [] as string[] }: { provider?: boolean; autoApprove?: string[] } = {}) {
  const model: ScriptedModel = await scriptedModel((request) => script(request), { models: ['scripted-1'] })
  cleanups.push(() => model.close())
  const main = await createMcpApi()
  cleanups.push(() => main.dispose())
  await main.addServers([stdioServer('everything', EVERYTHING, { tools: { autoApprove: autoApprove } })])
  // what an earlier session on the Models page saved
  if (provider) await main.api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'], defaultModel: 'scripted-1' })
  const view = renderApp(<App />, { api: main.api })
  return { ...view, main, model }
}

async function newChatAndAsk(text: string) {
  fireEvent.click(await screen.findByTestId('chat-new', {}, { timeout: 20_000 }))
  const input = await screen.findByTestId('chat-input', {}, { timeout: 10_000 })
  await waitFor(() => expect(window.location.hash).toMatch(/chat=/))
  fireEvent.change(input, { target: { value: text } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

const approval = () => screen.findByTestId('chat-approval-body', {}, { timeout: 30_000 })

describe('the Chat page on the real main side', () => {
  it('with no provider, shows the way to add one', async () => {
    await setup({ provider: false })
    expect(await screen.findByTestId('no-provider-state', {}, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByTestId('nav-chat').className).toContain('ant-menu-item-selected')
  })

  it('asks before a tool call, shows server, tool and arguments, and after Allow once the answer built from the result', async () => {
    script = sumThenAnswer
    await setup()
    await newChatAndAsk('What is 2 + 3?')
    const body = await approval()
    expect(within(body).getByTestId('chat-approval-server').textContent).toBe('everything')
    expect(within(body).getByTestId('chat-approval-tool').textContent).toMatch(/get-sum|Get Sum/i)
    expect(within(body).getByTestId('chat-approval-arguments').textContent).toMatch(/a.*2.*b.*3/s)
    // the card in the conversation waits with it
    expect((await screen.findByTestId('chat-tool-call-status')).textContent).toBe('Waiting for your approval')
    // Enter is Allow once
    fireEvent.keyDown(body, { key: 'Enter' })
    await waitFor(() => expect(screen.queryByTestId('chat-approval-body')).toBeNull())
    const answer = await screen.findByText('Answer:', {}, { timeout: 20_000 })
    expect(answer.tagName).toBe('STRONG')
    expect(answer.parentElement!.textContent).toMatch(/5/)
    await waitFor(() => expect(screen.getByTestId('chat-tool-call').getAttribute('data-status')).toBe('ok'))
    expect(screen.getByTestId('chat-user-message').textContent).toBe('What is 2 + 3?')
    expect(screen.getByTestId('chat-usage').textContent).toMatch(/in · .* out tokens/)
    // the chat is in the list under its first line
    expect(within(screen.getByTestId('chat-conversations')).getByTestId('chat-conversation-title').textContent).toBe('What is 2 + 3?')
  })

  it("a denial reaches the model, and its reply shows; the call shows denied", async () => {
    script = sumThenAnswer
    await setup()
    await newChatAndAsk('Add 2 and 3')
    await approval()
    fireEvent.click(screen.getByTestId('chat-approval-deny'))
    await answered('the user denied this call')
    await waitFor(() => expect(screen.getByTestId('chat-tool-call').getAttribute('data-status')).toBe('denied'))
  })

  it('a provider error shows in the conversation with what to do, and Retry runs the message again', async () => {
    let fail = true
    script = () => (fail ? { status: 404, error: 'The model `scripted-1` does not exist' } : { text: 'Back again' })
    await setup()
    await newChatAndAsk('Hello?')
    const error = await screen.findByTestId('chat-turn-error', {}, { timeout: 20_000 })
    expect(error.getAttribute('data-advice')).toBe('model')
    expect(error.textContent).toContain('The provider has no such model')
    expect(within(error).getByTestId('chat-turn-error-detail').textContent).toContain('404')
    fail = false
    fireEvent.click(within(error).getByTestId('chat-retry'))
    await answered('Back again')
    expect(screen.queryByTestId('chat-turn-error')).toBeNull()
  })

  it("picks the chat's model (grouped by provider) and its tools: the count follows, and what reaches the model too", async () => {
    const { main, model } = await setup()
    await main.api.chat.saveProvider({ name: 'Second', baseUrl: model.baseUrl, models: ['other-model'] })
    fireEvent.click(await screen.findByTestId('chat-new', {}, { timeout: 20_000 }))
    await waitFor(() => expect(window.location.hash).toMatch(/chat=/))
    const chatId = new URLSearchParams(window.location.hash.slice(1)).get('chat')!
    const picker = await screen.findByTestId('chat-model-picker')
    expect(picker.textContent).toContain('scripted-1')
    fireEvent.mouseDown(within(picker).getByRole('combobox'))
    expect(await screen.findByText('Second')).toBeTruthy()
    fireEvent.click(await screen.findByTestId('chat-model-option-other-model'))
    await waitFor(async () => expect((await main.api.chat.getConversation({ conversationId: chatId })).model?.model).toBe('other-model'))
    await waitFor(() => expect(screen.getByTestId('chat-model-picker').textContent).toContain('other-model'))

    const button = await screen.findByTestId('chat-tools-button')
    await waitFor(() => expect(button.textContent).toMatch(/^\d+ tools$/), { timeout: 20_000 })
    const before = Number(button.textContent!.split(' ')[0])
    fireEvent.click(button)
    fireEvent.click(await screen.findByTestId('chat-tool-switch-get-sum'))
    await waitFor(() => expect(screen.getByTestId('chat-tools-button').textContent).toBe(`${before - 1} tools`))
    expect(screen.getByTestId('chat-tools-sent').textContent).toBe(`${before - 1} of ${before} tools are sent with each message.`)
    const input = screen.getByTestId('chat-input')
    fireEvent.change(input, { target: { value: 'Which tools?' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await answered('hello')
    const sent = model.requests().at(-1)!
    expect(sent.model).toBe('other-model')
    expect(sent.tools).toHaveLength(before - 1)
    expect(sent.tools!.some((t) => t.function.name.includes('__getSum'))).toBe(false)
  })

  it('a tool the user set to Auto-approve runs unasked; a model that never stops calling it ends at the step limit, said so', async () => {
    script = (request) => ({ toolCalls: [{ name: request.tools?.map((t) => t.function.name).find((n) => n.includes('__getSum')) ?? '', args: { a: 1, b: 1 } }] })
    await setup({ autoApprove: ['get-sum'] })
    await newChatAndAsk('Keep adding')
    const note = await screen.findByTestId('chat-step-limit', {}, { timeout: 30_000 })
    expect(note.textContent).toBe('Stopped after 10 steps: the model still wanted to use tools. Send a message to let it go on. The limit is 10 model calls per message: change it in Settings → Chat.')
    expect(within(note).getByTestId('chat-step-limit-settings').getAttribute('href')).toBe('#page=settings&section=chat')
    expect(screen.getAllByTestId('chat-tool-call').every((card) => card.getAttribute('data-status') === 'ok')).toBe(true)
    expect(screen.queryByTestId('chat-approval-body')).toBeNull()
  })

  it('a message sent from another window shows here with its answer', async () => {
    const { main } = await setup()
    fireEvent.click(await screen.findByTestId('chat-new', {}, { timeout: 20_000 }))
    await screen.findByTestId('chat-empty-conversation', {}, { timeout: 10_000 })
    const conversationId = new URLSearchParams(window.location.hash.slice(1)).get('chat')!
    await main.api.chat.send({ conversationId, text: 'From elsewhere' })
    expect((await screen.findByTestId('chat-user-message', {}, { timeout: 20_000 })).textContent).toBe('From elsewhere')
    await answered('hello')
    expect(screen.getAllByTestId('chat-assistant-message')).toHaveLength(1)
  })

  it('renames a chat in place and deletes it after a confirm', async () => {
    await setup()
    await newChatAndAsk('First question')
    await answered('hello')
    const row = await screen.findByTestId('chat-conversation')
    fireEvent.click(within(row).getByTestId('chat-rename'))
    const input = await screen.findByTestId('chat-rename-input')
    fireEvent.change(input, { target: { value: 'Renamed chat' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Renamed chat'))
    await waitFor(() => expect(within(screen.getByTestId('chat-conversations')).getByTestId('chat-conversation-title').textContent).toBe('Renamed chat'))

    fireEvent.click(within(screen.getByTestId('chat-conversation')).getByTestId('chat-delete'))
    await act(async () => fireEvent.click(await screen.findByTestId('chat-delete-ok')))
    expect(await screen.findByTestId('chat-no-conversations')).toBeTruthy()
    await waitFor(() => expect(window.location.hash).toBe('#page=chat'))
    expect(screen.getByTestId('chat-pick-one')).toBeTruthy()
  })
})
