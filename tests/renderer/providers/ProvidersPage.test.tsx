import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MASKED_VALUE } from '@shared/chat/providers'
import { App } from '@renderer/App'
import { ProvidersPage } from '@renderer/pages/ProvidersPage'
import { scriptedModel, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { createFlakyApi, createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

const KEY = 'sk-renderer-test-key-7d21c9'

let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  withoutEnvironmentProviders()
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.unstubAllEnvs()
})

async function model(options: { models?: string[]; key?: string } = {}): Promise<ScriptedModel> {
  const scripted = await scriptedModel(() => ({ text: 'hello' }), options)
  cleanups.push(() => scripted.close())
  return scripted
}

async function page() {
  const main = await createMcpApi()
  cleanups.push(() => main.dispose())
  renderApp(<ProvidersPage />, { api: main.api })
  return main
}

const type = (testId: string, value: string, scope: HTMLElement = document.body) => fireEvent.change(within(scope).getByTestId(testId), { target: { value } })

async function openAddDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('provider-add'))
  return screen.findByTestId('provider-dialog')
}

async function saveDialog(dialog: HTMLElement) {
  fireEvent.click(within(dialog.closest<HTMLElement>('[role="dialog"]')!).getByTestId('provider-save'))
  await waitFor(() => expect(screen.queryByTestId('provider-dialog')).toBeNull())
}

const row = (id: string) => screen.findByTestId(`provider-row-${id}`)

describe('the Models page on the real main side', () => {
  it('is the Models entry of the side menu, kept in the address', async () => {
    history.replaceState(null, '', '/')
    const main = await createMcpApi()
    cleanups.push(() => main.dispose())
    renderApp(<App />, { api: main.api })
    const entry = await screen.findByTestId('nav-models')
    expect(entry.textContent).toBe('Models')
    fireEvent.click(entry)
    expect(await screen.findByTestId('providers-page')).toBeTruthy()
    expect(window.location.hash).toBe('#page=models')
    expect(screen.getByTestId('nav-models').className).toContain('ant-menu-item-selected')
    history.replaceState(null, '', '/')
  })

  it('adds a provider with its fetched models, shows it with its key set but never the key, edits it with the key masked, removes it', async () => {
    const scripted = await model({ models: ['scripted-a', 'scripted-b'], key: KEY })
    await page()
    expect(await screen.findByTestId('providers-empty')).toBeTruthy()

    const dialog = await openAddDialog()
    type('provider-name', 'Scripted', dialog)
    type('provider-base-url', scripted.baseUrl, dialog)
    const keyField = within(dialog).getByTestId('provider-api-key') as HTMLInputElement
    expect(keyField.type).toBe('password')
    type('provider-api-key', KEY, dialog)
    // the button waits for an address it can ask
    await waitFor(() => expect((within(dialog).getByTestId('provider-fetch-models') as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(within(dialog).getByTestId('provider-fetch-models'))
    const fetched = await within(dialog).findByTestId('provider-fetched-models')
    expect(fetched.textContent).toContain('The provider lists 2 models')
    // a short list is ticked whole; the first is the default
    const ticks = within(fetched).getAllByRole('checkbox') as HTMLInputElement[]
    expect(ticks.map((tick) => tick.checked)).toEqual([true, true])
    expect(within(dialog).getByTestId('provider-default-model').textContent).toContain('scripted-a')
    // untick one: it leaves the models
    fireEvent.click(ticks[1])
    expect(within(dialog).getByTestId('provider-models').textContent).not.toContain('scripted-b')
    fireEvent.click(ticks[1])
    await saveDialog(dialog)

    const saved = await row('scripted')
    await waitFor(() => expect(within(saved).getByTestId('provider-key-state').textContent).toBe('Key set'))
    expect(within(saved).getByTestId('provider-model-count').textContent).toBe('Models: 2')
    expect(within(saved).getByText(scripted.baseUrl)).toBeTruthy()
    // the only provider's default is the app's default for new chats
    expect(within(saved).getByTestId('provider-model-scripted-a').getAttribute('data-default')).toBe('true')
    expect(document.body.innerHTML).not.toContain(KEY)

    // Set as default moves the mark
    fireEvent.click(within(within(saved).getByTestId('provider-model-scripted-b')).getByTestId('provider-model-set-default'))
    await waitFor(() => expect(within(saved).getByTestId('provider-model-scripted-b').getAttribute('data-default')).toBe('true'))
    expect(within(saved).getByTestId('provider-model-scripted-a').getAttribute('data-default')).toBe('false')

    // edited: the key shows masked, and fetching with it uses the saved key in main
    fireEvent.click(within(saved).getByTestId('provider-edit'))
    const editing = await screen.findByTestId('provider-dialog')
    expect((within(editing).getByTestId('provider-api-key') as HTMLInputElement).value).toBe(MASKED_VALUE)
    expect(within(editing).getByText(/A key is saved/)).toBeTruthy()
    fireEvent.click(within(editing).getByTestId('provider-fetch-models'))
    expect((await within(editing).findByTestId('provider-fetched-models')).textContent).toContain('scripted-b')
    type('provider-name', 'Scripted renamed', editing)
    await saveDialog(editing)
    await waitFor(async () => expect(within(await row('scripted')).getByText('Scripted renamed')).toBeTruthy())
    expect(within(await row('scripted')).getByTestId('provider-key-state').textContent).toBe('Key set')
    expect(document.body.innerHTML).not.toContain(KEY)

    fireEvent.click(within(await row('scripted')).getByTestId('provider-remove'))
    fireEvent.click(await screen.findByTestId('provider-remove-confirm'))
    expect(await screen.findByTestId('providers-empty')).toBeTruthy()
  })

  it('says in plain words that a wrong key was refused, and never shows the key it tried', async () => {
    const scripted = await model({ key: KEY })
    await page()
    const dialog = await openAddDialog()
    fireEvent.click(within(dialog).getByTestId('provider-preset-custom'))
    type('provider-name', 'Wrong key', dialog)
    type('provider-base-url', scripted.baseUrl, dialog)
    type('provider-api-key', 'sk-not-the-right-one-445566', dialog)
    fireEvent.click(within(dialog).getByTestId('provider-fetch-models'))
    const error = await within(dialog).findByTestId('provider-fetch-error')
    expect(error.textContent).toContain('Could not fetch the models')
    expect(error.textContent).toContain(`the model provider at ${scripted.baseUrl} refused the API key (401)`)
    expect(error.textContent).not.toContain('sk-not-the-right-one-445566')
  })

  it('names the field a bad value is in, and saves nothing', async () => {
    const main = await page()
    const dialog = await openAddDialog()
    type('provider-base-url', 'api.example.com', dialog)
    fireEvent.click(within(dialog.closest<HTMLElement>('[role="dialog"]')!).getByTestId('provider-save'))
    expect(await within(dialog).findByText('Name: give the provider a name (at most 100 characters).')).toBeTruthy()
    expect(within(dialog).getByText('Base URL: must be an http:// or https:// URL, e.g. https://api.openai.com/v1')).toBeTruthy()
    // no models can be fetched from an address that is not one
    expect((within(dialog).getByTestId('provider-fetch-models') as HTMLButtonElement).disabled).toBe(true)
    expect((await main.api.chat.listProviders()).providers).toEqual([])
  })

  it('a preset fills the name and address; a local one says no key is needed', async () => {
    await page()
    const dialog = await openAddDialog()
    fireEvent.click(within(dialog).getByTestId('provider-preset-deepseek'))
    expect((within(dialog).getByTestId('provider-name') as HTMLInputElement).value).toBe('DeepSeek')
    expect((within(dialog).getByTestId('provider-base-url') as HTMLInputElement).value).toBe('https://api.deepseek.com/v1')
    expect(within(dialog).getByTestId('provider-preset-deepseek').getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(within(dialog).getByTestId('provider-preset-ollama'))
    expect((within(dialog).getByTestId('provider-name') as HTMLInputElement).value).toBe('Ollama')
    expect((within(dialog).getByTestId('provider-base-url') as HTMLInputElement).value).toBe('http://127.0.0.1:11434/v1')
    expect(await within(dialog).findByText('A server on this computer usually needs none.')).toBeTruthy()
    // a name the user typed is kept when the preset changes
    type('provider-name', 'My own name', dialog)
    fireEvent.click(within(dialog).getByTestId('provider-preset-vllm'))
    expect((within(dialog).getByTestId('provider-name') as HTMLInputElement).value).toBe('My own name')
    fireEvent.click(within(dialog.closest<HTMLElement>('[role="dialog"]')!).getByTestId('provider-cancel'))
    await waitFor(() => expect(screen.queryByTestId('provider-dialog')).toBeNull())
  })

  it('takes models typed by hand, the first one the default, and saves them', async () => {
    const main = await page()
    const dialog = await openAddDialog()
    type('provider-name', 'Typed', dialog)
    type('provider-base-url', 'https://models.example/v1', dialog)
    const input = within(within(dialog).getByTestId('provider-models')).getByRole('combobox')
    for (const model of ['typed-one', 'typed-two']) {
      fireEvent.change(input, { target: { value: model } })
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    }
    await waitFor(() => expect(within(dialog).getByTestId('provider-default-model').textContent).toContain('typed-one'))
    await saveDialog(dialog)
    expect(await within(await row('typed')).findByTestId('provider-model-count')).toHaveProperty('textContent', 'Models: 2')
    expect((await main.api.chat.listProviders()).providers).toEqual([expect.objectContaining({ id: 'typed', models: ['typed-one', 'typed-two'], defaultModel: 'typed-one', hasKey: false })])
  })

  it('says when main could not be reached, and Retry asks again', async () => {
    const flaky = createFlakyApi('chat:list-providers')
    cleanups.push(async () => flaky.dispose())
    renderApp(<ProvidersPage />, { api: flaky.api })
    const failed = await screen.findByTestId('providers-load-error')
    expect(failed.textContent).toContain('Could not load the providers')
    expect(failed.textContent).toContain('Could not reach MCP Studio.')
    fireEvent.click(within(failed).getByTestId('providers-retry'))
    expect(await screen.findByTestId('providers-empty')).toBeTruthy()
    expect(flaky.calls()).toBe(2)
  })

  it('shows the provider from the environment read-only, its models fetched with its key in main', async () => {
    const scripted = await model({ models: ['env-model'], key: KEY })
    vi.stubEnv('OPENAI_BASE_URL', scripted.baseUrl)
    vi.stubEnv('OPENAI_API_KEY', KEY)
    await page()
    const env = await row('env')
    expect(within(env).getByTestId('provider-from-env').textContent).toBe('From the environment')
    expect(within(env).getByText(/change those variables and start the app again/)).toBeTruthy()
    expect(within(env).getByTestId('provider-key-state').textContent).toBe('Key set')
    // read-only: nothing to edit or remove
    expect(within(env).queryByTestId('provider-edit')).toBeNull()
    expect(within(env).queryByTestId('provider-remove')).toBeNull()
    fireEvent.click(within(env).getByTestId('provider-row-fetch-models'))
    const listed = await within(env).findByTestId('provider-model-env-model')
    fireEvent.click(within(listed).getByTestId('provider-model-set-default'))
    await waitFor(() => expect(within(env).getByTestId('provider-model-env-model').getAttribute('data-default')).toBe('true'))
    expect(document.body.innerHTML).not.toContain(KEY)
  })

  it("shows what is wrong with the environment's provider and what to do", async () => {
    vi.stubEnv('OPENAI_BASE_URL', 'localhost:11434')
    await page()
    const problem = await within(await row('env')).findByTestId('provider-problem')
    expect(problem.textContent).toContain('This provider cannot be used')
    expect(problem.textContent).toContain('OPENAI_BASE_URL must be an http:// or https:// URL')
    expect(problem.textContent).toContain('change those variables and start the app again')
  })
})
