import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ProvidersPage } from '@renderer/pages/ProvidersPage'
import { scriptedAnthropic, type ScriptedAnthropic } from '../../fixtures/chat/scriptedAnthropic'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

const KEY = 'sk-ant-renderer-kinds-5521'

let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  // the app's own environment must not add providers of its own to what a test sees
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY']) vi.stubEnv(name, '')
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.unstubAllEnvs()
})

async function page() {
  const main = await createMcpApi()
  cleanups.push(() => main.dispose())
  renderApp(<ProvidersPage />, { api: main.api })
  return main
}

const type = (testId: string, value: string, scope: HTMLElement) => fireEvent.change(within(scope).getByTestId(testId), { target: { value } })
const baseUrl = (dialog: HTMLElement) => (within(dialog).getByTestId('provider-base-url') as HTMLInputElement).value

async function openAddDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('provider-add'))
  return screen.findByTestId('provider-dialog')
}

/** Opens the kind select and picks an option by its label. */
async function pickKind(dialog: HTMLElement, label: string) {
  fireEvent.mouseDown(within(within(dialog).getByTestId('provider-kind').closest<HTMLElement>('.ant-select')!).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === label)
    if (!found) throw new Error(`no option ${label}`)
    return found
  })
  fireEvent.click(option)
}

describe('provider kinds on the Models page', () => {
  it('the kind select fills the base URL of that kind; models are fetched from an Anthropic endpoint with its key; the row says the kind', async () => {
    const anthropic: ScriptedAnthropic = await scriptedAnthropic(() => ({ text: 'hi' }), { key: KEY, models: ['claude-page-1', 'claude-page-2'] })
    cleanups.push(() => anthropic.close())
    const main = await page()
    const dialog = await openAddDialog()
    await pickKind(dialog, 'Anthropic')
    await waitFor(() => expect(baseUrl(dialog)).toBe('https://api.anthropic.com/v1'))
    await pickKind(dialog, 'Google Gemini')
    await waitFor(() => expect(baseUrl(dialog)).toBe('https://generativelanguage.googleapis.com/v1beta'))
    await pickKind(dialog, 'Anthropic')
    // a typed address stays when the kind changes
    type('provider-base-url', anthropic.baseUrl, dialog)
    type('provider-name', 'Claude', dialog)
    type('provider-api-key', KEY, dialog)
    await waitFor(() => expect((within(dialog).getByTestId('provider-fetch-models') as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(within(dialog).getByTestId('provider-fetch-models'))
    expect((await within(dialog).findByTestId('provider-fetched-models')).textContent).toContain('The provider lists 2 models')
    fireEvent.click(within(dialog.closest<HTMLElement>('[role="dialog"]')!).getByTestId('provider-save'))
    await waitFor(() => expect(screen.queryByTestId('provider-dialog')).toBeNull())

    const row = await screen.findByTestId('provider-row-claude')
    expect(within(row).getByTestId('provider-kind-tag').textContent).toBe('Anthropic')
    const { providers } = await main.api.chat.listProviders()
    expect(providers).toEqual([expect.objectContaining({ kind: 'anthropic', baseUrl: anthropic.baseUrl, hasKey: true, models: ['claude-page-1', 'claude-page-2'] })])
    expect(document.body.innerHTML).not.toContain(KEY)

    // edited, the dialog shows the saved kind
    fireEvent.click(within(row).getByTestId('provider-edit'))
    const editing = await screen.findByTestId('provider-dialog')
    expect(within(editing).getByTestId('provider-kind').closest('.ant-select')!.textContent).toContain('Anthropic')
  })

  it('the Gemini preset picks the Google kind and its address', async () => {
    await page()
    const dialog = await openAddDialog()
    fireEvent.click(within(dialog).getByTestId('provider-preset-gemini'))
    expect(baseUrl(dialog)).toBe('https://generativelanguage.googleapis.com/v1beta')
    expect((within(dialog).getByTestId('provider-name') as HTMLInputElement).value).toBe('Google Gemini')
    await waitFor(() => expect(within(dialog).getByTestId('provider-kind').closest('.ant-select')!.textContent).toContain('Google Gemini'))
  })
})
