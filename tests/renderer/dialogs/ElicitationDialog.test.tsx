import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { callTool, chineseSettings, closeMainSides, pickOptions, renderDialogs, resultText } from './serverRequestSupport'

afterEach(closeMainSides)

const field = (name: string) => screen.getByTestId(`elicitation-field-${name}`) as HTMLInputElement
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })
/** the option labels an antd Select shows for its value(s) */
function selected(name: string): string {
  const select = field(name).closest('.ant-select')!
  const tags = [...select.querySelectorAll('.ant-select-selection-item-content')].map((e) => e.textContent)
  return tags.length ? tags.join(',') : (select.querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? '')
}
const itemOf = (name: string) => field(name).closest('.ant-form-item') as HTMLElement

/** Tracks whether the tool call (which waits on the dialog) has come back yet. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false }
  const settle = () => (state.settled = true)
  promise.then(settle, settle)
  return state
}

describe('elicitation dialog (form mode) against server-everything', { timeout: 90_000 }, () => {
  it('builds the form from the requested schema, validates it, and Accept returns the values to the tool', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-elicitation-request')
    const state = track(call)
    const dialog = await screen.findByTestId('elicitation-dialog')

    expect(within(dialog).getByText('Everything asks for information')).toBeTruthy()
    expect(within(dialog).getByTestId('elicitation-message').textContent).toBe('Please provide inputs for the following fields:')
    expect(within(dialog).getByTestId('server-request-server').textContent).toBe('From Everything')
    // one request: no "1 of 1"; the countdown to main's deadline (5 minutes) is shown
    expect(within(dialog).queryByTestId('server-request-position')).toBeNull()
    const countdown = within(dialog).getByTestId('server-request-countdown')
    expect(Number(countdown.dataset.seconds)).toBeGreaterThan(240)
    expect(countdown.textContent).toMatch(/^Answer within [45]:\d\d$/)

    // focus starts in the first field; required marked; descriptions shown; defaults prefilled
    await waitFor(() => expect(document.activeElement).toBe(field('name')))
    expect(within(itemOf('name')).getByText('String').className).toContain('ant-form-item-required')
    expect(within(itemOf('firstLine')).getByText('String with default').className).not.toContain('ant-form-item-required')
    expect(within(dialog).getByText('Your full, legal name')).toBeTruthy()
    expect(field('firstLine').value).toBe('It was a dark and stormy night.')
    expect(field('integer').value).toBe('42')
    expect(field('number').value).toBe('3.14')
    expect(field('email').type).toBe('email')
    expect(field('birthdate').type).toBe('date')
    expect(field('check').checked).toBe(false)
    expect(selected('untitledSingleSelectEnum')).toBe('Monica')
    expect(selected('titledSingleSelectEnum')).toBe('Superman')
    expect(selected('legacyTitledEnum')).toBe('Cats')
    expect(selected('untitledMultipleSelectEnum')).toBe('Guitar')
    expect(selected('titledMultipleSelectEnum')).toBe('Tuna')

    // the required name is empty and the email is malformed: nothing is sent
    type('email', 'not-an-email')
    fireEvent.click(within(dialog).getByTestId('elicitation-accept'))
    expect(await within(itemOf('name')).findByText('Please enter String')).toBeTruthy()
    expect(await within(itemOf('email')).findByText('String with email format is not a valid email')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(field('name')))
    expect(state.settled).toBe(false)

    type('name', 'Ada Lovelace')
    type('email', 'ada@example.com')
    type('homepage', 'https://ada.example.org')
    type('birthdate', '1815-12-10')
    type('integer', '7')
    fireEvent.click(field('check'))
    await pickOptions('elicitation-field-legacyTitledEnum', ['Dogs'])
    await pickOptions('elicitation-field-titledSingleSelectEnum', ['Wonder Woman'])
    await pickOptions('elicitation-field-untitledMultipleSelectEnum', ['Piano'])
    await act(async () => fireEvent.click(within(dialog).getByTestId('elicitation-accept')))

    const text = resultText(await call)
    expect(text).toContain('User provided the requested information')
    expect(text).toContain('- Name: Ada Lovelace')
    expect(text).toContain('- Agreed to terms: true')
    expect(text).toContain('- Email: ada@example.com')
    expect(text).toContain('- Homepage: https://ada.example.org')
    expect(text).toContain('- Birthdate: 1815-12-10')
    expect(text).toContain('- Favorite Integer: 7')
    expect(text).toContain('- Favorite Number: 3.14')
    const raw = JSON.parse(text.slice(text.indexOf('Raw result:') + 'Raw result:'.length)) as { action: string; content: Record<string, unknown> }
    expect(raw).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        homepage: 'https://ada.example.org',
        birthdate: '1815-12-10',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar', 'Piano'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-2'
      }
    })
    await waitFor(() => expect(screen.queryByTestId('elicitation-dialog')).toBeNull())
  })

  it('refuses an integer out of its range', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-elicitation-request')
    const dialog = await screen.findByTestId('elicitation-dialog')
    type('name', 'Ada')
    type('integer', '500')
    fireEvent.click(within(dialog).getByTestId('elicitation-accept'))
    expect(await within(itemOf('integer')).findByText('Integer must be between 1-100')).toBeTruthy()
    fireEvent.click(within(dialog).getByTestId('elicitation-decline'))
    await call
  })

  it('Decline tells the server the user declined', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-elicitation-request')
    const dialog = await screen.findByTestId('elicitation-dialog')
    type('name', 'never sent')
    fireEvent.click(within(dialog).getByTestId('elicitation-decline'))
    const text = resultText(await call)
    expect(text).toContain('User declined to provide the requested information')
    expect(text).not.toContain('never sent')
    await waitFor(() => expect(screen.queryByTestId('elicitation-dialog')).toBeNull())
  })

  it('Esc cancels, as the Cancel button does', async () => {
    const { api, server } = await renderDialogs()
    // what the dialog answers main, as it answers (the dialog sends it from the key's own handler)
    const answers: unknown[] = []
    const respond = api.mcp.respondElicitation
    api.mcp.respondElicitation = (args) => (answers.push(args.response), respond(args))
    const call = callTool(api, server, 'trigger-elicitation-request')
    await screen.findByTestId('elicitation-dialog')
    await waitFor(() => expect(document.activeElement).toBe(field('name')))
    // Esc in an open dropdown closes the dropdown, not the dialog
    const combobox = within(field('legacyTitledEnum').closest('.ant-select') as HTMLElement).getByRole('combobox')
    fireEvent.mouseDown(combobox)
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    fireEvent.keyDown(combobox, { key: 'Escape', code: 'Escape', keyCode: 27 })
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('false'))
    expect(answers).toEqual([])
    expect(screen.getByTestId('elicitation-dialog')).toBeTruthy()

    fireEvent.keyDown(field('name'), { key: 'Escape', code: 'Escape', keyCode: 27 })
    expect(resultText(await call)).toContain('User cancelled the elicitation dialog')
    await waitFor(() => expect(screen.queryByTestId('elicitation-dialog')).toBeNull())

    const again = callTool(api, server, 'trigger-elicitation-request')
    fireEvent.click(within(await screen.findByTestId('elicitation-dialog')).getByTestId('elicitation-cancel'))
    expect(resultText(await again)).toContain('User cancelled the elicitation dialog')
  })

  it('is in Chinese when the app is, antd validation messages included', async () => {
    const { api, server } = await renderDialogs({ saved: chineseSettings })
    const call = callTool(api, server, 'trigger-elicitation-request')
    const dialog = await screen.findByTestId('elicitation-dialog')
    expect(within(dialog).getByText('Everything 请求提供信息')).toBeTruthy()
    expect(within(dialog).getByTestId('server-request-server').textContent).toBe('来自 Everything')
    expect(within(dialog).getByTestId('server-request-countdown').textContent).toMatch(/^请在 [45]:\d\d 内回答$/)
    expect(within(dialog).getByTestId('elicitation-accept').textContent).toBe('接受')
    expect(within(dialog).getByTestId('elicitation-decline').textContent).toBe('拒绝')
    expect(within(dialog).getByTestId('elicitation-cancel').textContent).toBe('取消')
    fireEvent.click(within(dialog).getByTestId('elicitation-accept'))
    expect(await within(itemOf('name')).findByText('请输入String')).toBeTruthy()
    fireEvent.click(within(dialog).getByTestId('elicitation-decline'))
    await call
  })
})

describe('elicitation dialog (URL mode) against server-everything', { timeout: 90_000 }, () => {
  it('shows the whole URL with its host stood out, and Decline answers without opening it', async () => {
    const { api, server } = await renderDialogs()
    const url = 'https://login.example.com/consent?state=abc&next=%2Fhome'
    const call = callTool(api, server, 'trigger-url-elicitation', { url, message: 'Sign in to continue.' })
    const dialog = await screen.findByTestId('elicitation-url-dialog')
    expect(within(dialog).getByText('Everything asks you to open a link')).toBeTruthy()
    expect(within(dialog).getByTestId('elicitation-message').textContent).toBe('Sign in to continue.')
    expect(within(dialog).getByTestId('elicitation-url').textContent).toContain(url)
    expect(within(dialog).getByTestId('elicitation-url-host').textContent).toBe('login.example.com')
    expect((within(dialog).getByTestId('elicitation-open') as HTMLButtonElement).disabled).toBe(false)
    // focus is not on Open: consent takes a deliberate click
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('elicitation-cancel')))

    fireEvent.click(within(dialog).getByTestId('elicitation-decline'))
    expect(resultText(await call)).toContain('User declined to open the URL')
    await waitFor(() => expect(screen.queryByTestId('elicitation-url-dialog')).toBeNull())
  })

  it('Open sends the link to the system browser only on that click, then answers accept', async () => {
    const opened: string[] = []
    const { api, server } = await renderDialogs({ openUrl: async (url) => opened.push(url) })
    const url = 'https://login.example.com/consent?state=abc'
    const call = callTool(api, server, 'trigger-url-elicitation', { url })
    const dialog = await screen.findByTestId('elicitation-url-dialog')
    expect(opened).toEqual([])
    fireEvent.click(within(dialog).getByTestId('elicitation-open'))
    expect(resultText(await call)).toMatch(/accept/i)
    expect(opened).toEqual([url])
  })
})
