import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ProvidersPage } from '@renderer/pages/ProvidersPage'
import { SettingsPage } from '@renderer/pages/SettingsPage'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

let dispose: (() => Promise<void>) | undefined
beforeEach(() => {
  withoutEnvironmentProviders()
})
afterEach(async () => {
  await dispose?.()
  dispose = undefined
  vi.unstubAllEnvs()
})

async function mainSide() {
  const main = await createMcpApi()
  dispose = main.dispose
  return main
}

describe('Settings → Chat', () => {
  it('shows the step limit and the tool-result size limit, saves a change in main, and will not save an empty field', async () => {
    const main = await mainSide()
    renderApp(<SettingsPage />, { api: main.api })
    const section = await screen.findByTestId('chat-settings-section')
    expect(within(section).getByRole('heading').textContent).toBe('Chat')
    const steps = (await within(section).findByTestId('chat-settings-max-steps')) as HTMLInputElement
    const chars = within(section).getByTestId('chat-settings-max-chars') as HTMLInputElement
    expect(steps.value).toBe('10')
    expect(chars.value.replace(/\D/g, '')).toBe('100000')
    const save = within(section).getByTestId('chat-settings-save')
    expect(save.hasAttribute('disabled')).toBe(true)

    fireEvent.change(steps, { target: { value: '' } })
    expect(await within(section).findByText('Enter a number')).toBeTruthy()
    expect(save.hasAttribute('disabled')).toBe(true)

    fireEvent.change(steps, { target: { value: '3' } })
    fireEvent.change(chars, { target: { value: '20000' } })
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false))
    fireEvent.click(save)
    await waitFor(async () => expect(await main.api.chat.getSettings()).toMatchObject({ maxSteps: 3, maxToolResultChars: 20_000 }))
    expect(await screen.findByText('Chat settings saved')).toBeTruthy()
  })
})

describe("the Models page: each model's options", () => {
  it('a model starts text-only with native tool calls; "Takes images" and the tool mode are saved for that model in main', async () => {
    const main = await mainSide()
    const provider = await main.api.chat.saveProvider({ name: 'Local', baseUrl: 'http://127.0.0.1:9/v1', models: ['vision-1', 'small-1'] })
    renderApp(<ProvidersPage />, { api: main.api })
    const options = await screen.findByTestId('model-options-vision-1')
    const images = within(options).getByRole('switch', { name: 'Takes images: vision-1' })
    expect(images.getAttribute('aria-checked')).toBe('false')
    expect(within(options).getByTestId('model-options-tool-mode').textContent).toContain('Native calls')

    fireEvent.click(images)
    await waitFor(async () => expect((await main.api.chat.getSettings()).models).toEqual({ [provider.id]: { 'vision-1': { images: true, toolMode: 'native' } } }))
    await waitFor(() => expect(images.getAttribute('aria-checked')).toBe('true'))

    const small = screen.getByTestId('model-options-small-1')
    fireEvent.mouseDown(within(small).getByRole('combobox', { name: 'Tools: small-1' }))
    fireEvent.click(await screen.findByTitle('In the prompt'))
    await waitFor(async () => expect((await main.api.chat.getSettings()).models[provider.id]).toEqual({ 'vision-1': { images: true, toolMode: 'native' }, 'small-1': { images: false, toolMode: 'prompt' } }))
    await waitFor(() => expect(within(small).getByTestId('model-options-tool-mode').textContent).toContain('In the prompt'))
  })
})
