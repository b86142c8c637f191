import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { scriptedModel, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { callTool, chineseSettings, closeMainSides, renderDialogs, resultText } from './serverRequestSupport'

afterEach(closeMainSides)

const REPLY = 'Ultramarine: the blue of the deep sea.'
let script: (request: ChatRequest) => Reply = () => ({ text: REPLY })
let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel((request) => script(request), { models: ['scripted-1', 'scripted-2'] })
})
afterAll(() => model.close())
afterEach(() => {
  script = () => ({ text: REPLY })
})

const sampled = (text: string) => JSON.parse(text.slice(text.indexOf('{'))) as { model: string; content: { text: string } }

describe('sampling dialog: a draft by a model', { timeout: 90_000 }, () => {
  it('Draft with the default model fills the reply as it streams; the user edits it and Approve sends the model id', async () => {
    const { api, server } = await renderDialogs()
    await api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1', 'scripted-2'], defaultModel: 'scripted-2' })
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'Name a colour.' })
    const dialog = await screen.findByTestId('sampling-dialog')
    // the default model, named on the button
    const draftButton = await within(dialog).findByText('Draft with scripted-2')
    // a choice of the configured models
    expect(within(dialog).getByTestId('sampling-draft-model')).toBeTruthy()
    await act(async () => fireEvent.click(draftButton))
    const reply = within(dialog).getByTestId('sampling-reply') as HTMLTextAreaElement
    await waitFor(() => expect(reply.value).toBe(REPLY))
    expect(within(dialog).getByTestId('sampling-drafted-by').textContent).toContain('scripted-2')
    expect(model.requests().at(-1)!.model).toBe('scripted-2')

    fireEvent.change(reply, { target: { value: `${REPLY} Or cobalt.` } })
    await act(async () => fireEvent.click(within(dialog).getByTestId('sampling-approve')))
    const result = sampled(resultText(await call))
    expect(result).toMatchObject({ model: 'scripted-2', content: { text: `${REPLY} Or cobalt.` } })
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })

  it('Stop keeps what was written so far; a typed reply goes back as the user’s', async () => {
    script = () => ({ text: 'one two three four five six seven eight nine ten eleven twelve thirteen', wordDelayMs: 150 })
    const { api, server } = await renderDialogs()
    await api.chat.saveProvider({ name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-1'] })
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'Count.' })
    const dialog = await screen.findByTestId('sampling-dialog')
    const draftButton = await within(dialog).findByText('Draft with scripted-1')
    await act(async () => fireEvent.click(draftButton))
    const reply = within(dialog).getByTestId('sampling-reply') as HTMLTextAreaElement
    await waitFor(() => expect(reply.value).toMatch(/^one /))
    // approving waits for the draft
    expect((within(dialog).getByTestId('sampling-approve') as HTMLButtonElement).disabled).toBe(true)
    await act(async () => fireEvent.click(within(dialog).getByTestId('sampling-stop-draft')))
    await within(dialog).findByTestId('sampling-draft')
    expect(reply.value).toMatch(/^one /)
    expect(reply.value).not.toContain('thirteen')

    // the user clears it and writes their own
    fireEvent.change(reply, { target: { value: '' } })
    fireEvent.change(reply, { target: { value: 'Thirteen, by hand.' } })
    await act(async () => fireEvent.click(within(dialog).getByTestId('sampling-approve')))
    expect(sampled(resultText(await call))).toMatchObject({ model: 'user', content: { text: 'Thirteen, by hand.' } })
  })

  it('without a provider the button is disabled and says where to add one, in Chinese too', async () => {
    const { api, server } = await renderDialogs({ saved: chineseSettings })
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'x' })
    const dialog = await screen.findByTestId('sampling-dialog')
    const button = (await within(dialog).findByTestId('sampling-draft')) as HTMLButtonElement
    await waitFor(() => expect(within(dialog).queryByTestId('sampling-draft-wrapper')).toBeTruthy())
    expect(button.disabled).toBe(true)
    expect(button.textContent).toContain('用模型起草')
    fireEvent.mouseEnter(within(dialog).getByTestId('sampling-draft-wrapper'))
    expect((await screen.findByTestId('sampling-no-provider')).textContent).toBe('请先在“模型”页面添加模型服务商，才能用模型起草回复。')
    fireEvent.click(within(dialog).getByTestId('sampling-reject'))
    await call
  })
})
