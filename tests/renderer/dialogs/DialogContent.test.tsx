import { afterEach, describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { ClientRequestDoneEvent, ElicitationRequestEvent, SamplingRequestEvent } from '@shared/ipc/contract'
import { ServerRequestDialogs } from '@renderer/components/dialogs/ServerRequestDialogs'
import { createDirectApi } from '../../support/directApi'
import { createAppRouter, trackDispose, disposeTrackedApis } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(disposeTrackedApis)

/**
 * What server-everything never sends (images in a sampling request, model preferences, a non-web
 * URL, a deadline that passes): events of the contract's real types, delivered through the real
 * api's event path, as main would emit them.
 */
async function renderWithEvents() {
  const { router, dispose } = createAppRouter()
  trackDispose(dispose)
  const { api, emit } = createDirectApi(router)
  const view = renderApp(<ServerRequestDialogs />, { api })
  // the dialogs mount (and listen) once the saved state is back, as in the app
  await waitFor(() => expect(view.persistor.getState().bootstrapped).toBe(true))
  await act(async () => {})
  const send = {
    sampling: (event: SamplingRequestEvent) => act(async () => emit('mcp:sampling-request', event)),
    elicitation: (event: ElicitationRequestEvent) => act(async () => emit('mcp:elicitation-request', event)),
    done: (event: ClientRequestDoneEvent) => act(async () => emit('mcp:client-request-done', event))
  }
  return { ...view, send }
}

const base = { serverId: 's1', serverName: 'Painter', expiresAt: Date.now() + 60_000 }
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

describe('server request dialogs: content server-everything does not send', () => {
  it('sampling shows images, summarizes other content, and lists the model preferences', async () => {
    const { send } = await renderWithEvents()
    await send.sampling({
      ...base,
      requestId: 'r1',
      params: {
        maxTokens: 256,
        stopSequences: ['END'],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'image', data: PIXEL, mimeType: 'image/png' }] },
          { role: 'assistant', content: { type: 'tool_use', id: 't1', name: 'lookup', input: {} } }
        ],
        modelPreferences: { hints: [{ name: 'claude-3-sonnet' }, { name: 'gpt-4o' }], costPriority: 0.2, speedPriority: 0.5, intelligencePriority: 0.9 }
      }
    })
    const dialog = await screen.findByTestId('sampling-dialog')
    const [user, assistant] = within(dialog).getAllByTestId('sampling-message')
    expect(user.textContent).toContain('What is in this picture?')
    const image = within(user).getByRole('img', { name: 'Image (image/png)' }) as HTMLImageElement
    expect(image.src).toBe(`data:image/png;base64,${PIXEL}`)
    expect(assistant.dataset.role).toBe('assistant')
    expect(assistant.textContent).toContain('Assistant')
    expect(assistant.textContent).toContain('Tool call: lookup')
    expect(within(dialog).getByTestId('sampling-model-hints').textContent).toBe('claude-3-sonnetgpt-4o')
    expect(within(dialog).getByTestId('sampling-costPriority').textContent).toBe('0.2')
    expect(within(dialog).getByTestId('sampling-speedPriority').textContent).toBe('0.5')
    expect(within(dialog).getByTestId('sampling-intelligencePriority').textContent).toBe('0.9')
    expect(within(dialog).getByTestId('sampling-max-tokens').textContent).toBe('256')
    expect(within(dialog).getByText('"END"')).toBeTruthy()
    // no system prompt sent: none shown
    expect(within(dialog).queryByTestId('sampling-system-prompt')).toBeNull()
  })

  it('a URL that is not a web address is shown but cannot be opened', async () => {
    const { send } = await renderWithEvents()
    await send.elicitation({ ...base, requestId: 'u1', params: { mode: 'url', message: 'Open me', url: 'file:///etc/passwd', elicitationId: 'e1' } })
    const dialog = await screen.findByTestId('elicitation-url-dialog')
    expect(within(dialog).getByTestId('elicitation-url').textContent).toContain('file:///etc/passwd')
    expect((within(dialog).getByTestId('elicitation-open') as HTMLButtonElement).disabled).toBe(true)
    expect(within(dialog).getByText('This is not a web address (http or https) and cannot be opened.')).toBeTruthy()
  })

  it('a request that times out on screen closes with a notice; the next one takes its place', async () => {
    const { send } = await renderWithEvents()
    const form = { mode: 'form' as const, message: 'Your name?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } } }
    await send.elicitation({ ...base, requestId: 'a', params: form })
    await send.sampling({ ...base, serverName: 'Second', requestId: 'b', params: { maxTokens: 5, messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] } })
    expect((await screen.findByTestId('server-request-position')).textContent).toBe('1 of 2')

    await send.done({ requestId: 'a', outcome: 'timeout' })
    expect((await screen.findByTestId('server-request-notice')).textContent).toBe('The request from Painter timed out before it was answered.')
    const next = await screen.findByTestId('sampling-dialog')
    expect(within(next).getByTestId('server-request-server').textContent).toBe('From Second')
    expect(screen.queryByTestId('server-request-position')).toBeNull()

    await send.done({ requestId: 'b', outcome: 'cancelled' })
    expect(await screen.findByText('Second cancelled its request.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })

  it('shows the countdown in a warning colour near the end, then "expiring"', async () => {
    const { send } = await renderWithEvents()
    const params = { message: 'Quick!', requestedSchema: { type: 'object' as const, properties: {} } }
    await send.elicitation({ ...base, requestId: 'c', expiresAt: Date.now() + 20_000, params })
    const countdown = await screen.findByTestId('server-request-countdown')
    expect(countdown.className).toContain('warning')
    expect(countdown.textContent).toMatch(/^Answer within 0:(19|20)$/)
    expect(screen.getByText('The server asks for no fields: Accept just confirms.')).toBeTruthy()
    await send.done({ requestId: 'c', outcome: 'cancelled' })

    await send.elicitation({ ...base, requestId: 'd', expiresAt: Date.now() - 1, params })
    expect((await screen.findByTestId('server-request-countdown')).textContent).toBe('Expiring…')
  })
})
