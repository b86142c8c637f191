import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from '@renderer/App'
import { scriptedModel, type ChatRequest, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, fixture, stdioServer } from '../tools/harness'
import { answered } from '../support/chatAnswer'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

// The composer's `/` (prompts) and `@` (resources) on the real main side: server-everything as a
// child process, the real chat service, and the scripted model recording what reached it.
let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  withoutEnvironmentProviders()
  window.history.replaceState(null, '', '/#page=chat')
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.unstubAllEnvs()
  window.history.replaceState(null, '', '/')
})

const lastUser = (request: ChatRequest) => String(request.messages.findLast((m) => m.role === 'user')?.content ?? '')

async function newChat({ broken = false, picture = false, images = false }: { broken?: boolean; picture?: boolean; images?: boolean } = {}) {
  const model: ScriptedModel = await scriptedModel(() => ({ text: 'Noted.' }), { models: ['scripted-1'] })
  cleanups.push(() => model.close())
  const main = await createMcpApi()
  cleanups.push(() => main.dispose())
  await main.addServers(
    picture ? [stdioServer('pictures', fixture('picture-prompt.mjs'))] : [stdioServer('everything', EVERYTHING), ...(broken ? [stdioServer('broken', fixture('exit-at-start.mjs'))] : [])]
  )
  const provider = await main.api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'], defaultModel: 'scripted-1' })
  // what the user said of this model on the Models page
  if (images) await main.api.chat.changeSettings({ model: { providerId: provider.id, model: 'scripted-1', options: { images: true, toolMode: 'native' } } })
  renderApp(<App />, { api: main.api })
  fireEvent.click(await screen.findByTestId('chat-new', {}, { timeout: 20_000 }))
  const input = (await screen.findByTestId('chat-input', {}, { timeout: 10_000 })) as HTMLTextAreaElement
  await waitFor(() => expect(window.location.hash).toMatch(/chat=/))
  return { input, model }
}

const type = (input: HTMLTextAreaElement, value: string) => fireEvent.change(input, { target: { value } })
const key = (input: HTMLTextAreaElement, k: string) => fireEvent.keyDown(input, { key: k })
const options = () => screen.queryAllByTestId('chat-context-option')
const activeOption = () => options().find((o) => o.getAttribute('aria-selected') === 'true')

describe("the composer's / and @ menus", () => {
  it('/ lists the prompts as "server / prompt"; the keyboard picks one, its arguments are filled, and its text is sent as the question', async () => {
    const { input, model } = await newChat()
    type(input, '/')
    const menu = await screen.findByTestId('chat-prompt-menu')
    await waitFor(() => expect(within(menu).getByText('Team Management')).toBeTruthy(), { timeout: 30_000 })
    expect(within(menu).getAllByText('everything /').length).toBe(options().length)
    expect(within(menu).getByText('A prompt with no arguments')).toBeTruthy()

    // searching narrows it; a search that matches nothing says so
    type(input, '/nothing-like-this')
    expect((await screen.findByTestId('chat-context-empty')).textContent).toBe('No prompts match “nothing-like-this”.')
    type(input, '/prompt')
    await waitFor(() => expect(options().length).toBeGreaterThan(2))
    const first = activeOption()!.textContent
    key(input, 'ArrowDown')
    expect(activeOption()!.textContent).not.toBe(first)
    key(input, 'ArrowUp')
    expect(activeOption()!.textContent).toBe(first)
    // Esc closes it, typing opens it again
    key(input, 'Escape')
    expect(screen.queryByTestId('chat-prompt-menu')).toBeNull()
    type(input, '/team')
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Team Management')]))
    key(input, 'Enter')

    // the arguments form, as the editor's Prompts tab has it
    fireEvent.change(await screen.findByTestId('prompt-arg-completable-prompt-department'), { target: { value: 'Engineering' } })
    fireEvent.change(screen.getByTestId('prompt-arg-completable-prompt-name'), { target: { value: 'Alice' } })
    fireEvent.click(screen.getByTestId('chat-prompt-use'))
    await waitFor(() => expect(input.value).toBe('Please promote Alice to the head of the Engineering team.'), { timeout: 20_000 })
    expect(screen.queryByTestId('chat-prompt-menu')).toBeNull()

    key(input, 'Enter')
    await answered('Noted.')
    expect(lastUser(model.requests().at(-1)!)).toBe('Please promote Alice to the head of the Engineering team.')
  })

  it("a prompt the server refuses shows its message and Retry; one with a binary resource says what was left out", async () => {
    const { input } = await newChat()
    type(input, '/Resource')
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Resource Prompt')]), { timeout: 30_000 })
    key(input, 'Enter')
    const kind = await screen.findByTestId('prompt-arg-resource-prompt-resourceType')
    fireEvent.change(kind, { target: { value: 'Neither' } })
    fireEvent.change(screen.getByTestId('prompt-arg-resource-prompt-resourceId'), { target: { value: '1' } })
    fireEvent.click(screen.getByTestId('chat-prompt-use'))
    expect((await screen.findByTestId('chat-prompt-error', {}, { timeout: 20_000 })).textContent).toContain('Invalid resourceType: Neither')
    expect(screen.getByTestId('chat-prompt-use').textContent).toBe('Retry')

    fireEvent.change(kind, { target: { value: 'Blob' } })
    fireEvent.click(screen.getByTestId('chat-prompt-use'))
    await waitFor(() => expect(input.value).toMatch(/^This prompt includes the Blob resource with id: 1/), { timeout: 20_000 })
    expect(screen.getByTestId('chat-prompt-omitted').textContent).toMatch(/A binary resource \(demo:\/\/resource\/dynamic\/blob\/1.*\): a message holds text only\./)
  })

  it("a server whose lists fail says why with Retry, beside the others' entries; a chat with no servers says it has no prompts", async () => {
    const { input } = await newChat({ broken: true })
    type(input, '@')
    const failure = await screen.findByTestId('chat-context-failure', {}, { timeout: 30_000 })
    expect(failure.textContent).toMatch(/^broken: its prompts and resources could not be listed: .*server exited with code 1.*Retry$/s)
    await waitFor(() => expect(options().length).toBeGreaterThan(0), { timeout: 30_000 })
    key(input, 'Escape')

    // this chat uses none of the servers
    fireEvent.click(screen.getByTestId('chat-tools-button'))
    fireEvent.click(await screen.findByTestId('chat-tools-all'))
    fireEvent.click(screen.getByTestId('chat-tools-server-everything'))
    fireEvent.click(screen.getByTestId('chat-tools-server-broken'))
    type(input, '/')
    await waitFor(() => expect(screen.getByTestId('chat-context-empty').textContent).toBe("No prompts in this chat's servers."), { timeout: 20_000 })
  })

  it("a prompt's picture goes with the message to a model that takes images, shown as a chip; for one that does not, a note says why", async () => {
    const { input, model } = await newChat({ picture: true, images: true })
    type(input, '/')
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Describe the picture')]), { timeout: 30_000 })
    key(input, 'Enter')
    await waitFor(() => expect(input.value).toBe('What colour is this picture?'), { timeout: 20_000 })
    const chip = within(screen.getByTestId('chat-composer-attachments')).getByTestId('chat-image')
    expect(chip.textContent).toMatch(/^image\/png · \d+ bytes$/)
    expect(within(chip).getByRole('img', { name: 'Image' }).getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/)
    expect(screen.queryByTestId('chat-prompt-omitted')).toBeNull()

    key(input, 'Enter')
    await answered('Noted.')
    const content = model.requests().at(-1)!.messages.findLast((m) => m.role === 'user')?.content
    expect(content).toEqual([{ type: 'text', text: 'What colour is this picture?' }, { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) } }])
    const sent = within(await screen.findByTestId('chat-message-attachments', {}, { timeout: 10_000 })).getByTestId('chat-image')
    expect(sent.textContent).toBe(chip.textContent)
  })

  it('a model not said to take images: the picture stays out and the composer says why', async () => {
    const { input } = await newChat({ picture: true })
    type(input, '/')
    await waitFor(() => expect(options().length).toBe(1), { timeout: 30_000 })
    key(input, 'Enter')
    await waitFor(() => expect(input.value).toBe('What colour is this picture?'), { timeout: 20_000 })
    expect(screen.queryByTestId('chat-image')).toBeNull()
    expect(screen.getByTestId('chat-prompt-omitted').textContent).toMatch(/An image \(image\/png, \d+ bytes\): this chat's model does not take images/)
  })

  it('@ attaches a resource as a chip that goes with the message; the model reads its text in a block naming the URI', async () => {
    const { input, model } = await newChat()
    type(input, 'Summarize @archi')
    const menu = await screen.findByTestId('chat-resource-menu')
    await waitFor(() => expect(within(menu).getByText('architecture.md')).toBeTruthy(), { timeout: 30_000 })
    key(input, 'Enter')
    // the @ and what was typed after it make way for the chip
    expect(input.value).toBe('Summarize ')
    const chip = await screen.findByTestId('chat-attachment')
    await waitFor(() => expect(chip.textContent).toMatch(/^architecture\.md · everything · [\d,]+ characters$/), { timeout: 20_000 })

    type(input, 'Summarize this.')
    key(input, 'Enter')
    await answered('Noted.')
    // the composer is empty again; the message keeps its chip
    expect(screen.queryByTestId('chat-composer-attachments')).toBeNull()
    const sent = within(await screen.findByTestId('chat-message-attachments', {}, { timeout: 10_000 })).getByTestId('chat-attachment')
    expect(sent.textContent).toMatch(/^architecture\.md · everything/)
    const text = lastUser(model.requests().at(-1)!)
    expect(text.startsWith('<resource uri="demo://resource/static/document/architecture.md" server="everything" name="architecture.md">\n')).toBe(true)
    expect(text.endsWith('</resource>\n\nSummarize this.')).toBe(true)
  })

  it('a template is filled in and attached; a binary one is refused on its chip, which can be removed', async () => {
    const { input } = await newChat()
    type(input, '@Dynamic')
    await waitFor(() => expect(options().length).toBe(2), { timeout: 30_000 })
    const blob = options().findIndex((o) => o.textContent?.includes('Dynamic Blob Resource'))
    for (let i = 0; i < blob; i++) key(input, 'ArrowDown')
    key(input, 'Enter')
    fireEvent.change(await screen.findByTestId('template-var-Dynamic Blob Resource-resourceId'), { target: { value: '1' } })
    fireEvent.click(screen.getByTestId('template-read-Dynamic Blob Resource'))
    const failed = await screen.findByTestId('chat-attachment-failed', {}, { timeout: 20_000 })
    expect(failed.textContent).toContain('is binary')
    expect(within(failed).getByTestId('chat-attachment-retry')).toBeTruthy()
    // a message cannot go with a resource that failed
    type(input, 'Look at it')
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(failed).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByTestId('chat-attachment-failed')).toBeNull())
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false)
  })
})
