import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ServerRequestDialogs } from '@renderer/components/dialogs/ServerRequestDialogs'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { callTool, closeMainSides, everything, renderDialogs, resultText, trackMainSide } from './serverRequestSupport'

afterEach(closeMainSides)

const position = () => screen.queryByTestId('server-request-position')?.textContent ?? null

describe('several server requests at once', { timeout: 90_000 }, () => {
  it('shows them one after another, oldest first, with "1 of N"', async () => {
    const { api, server } = await renderDialogs()
    const elicitation = callTool(api, server, 'trigger-elicitation-request')
    await screen.findByTestId('elicitation-dialog')
    const sampling = callTool(api, server, 'trigger-sampling-request', { prompt: 'second' })
    await waitFor(() => expect(position()).toBe('1 of 2'))
    // the newer request waits behind the one on screen
    expect(screen.queryByTestId('sampling-dialog')).toBeNull()

    fireEvent.click(within(screen.getByTestId('elicitation-dialog')).getByTestId('elicitation-decline'))
    expect(resultText(await elicitation)).toContain('declined')
    const dialog = await screen.findByTestId('sampling-dialog')
    expect(position()).toBeNull()
    fireEvent.change(within(dialog).getByTestId('sampling-reply'), { target: { value: 'the second answer' } })
    await act(async () => fireEvent.click(within(dialog).getByTestId('sampling-approve')))
    expect(resultText(await sampling)).toContain('the second answer')
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })

  it('a window that loads after the server asked still shows the dialog (a reload loses nothing)', async () => {
    const main = await createMcpApi()
    trackMainSide(main.dispose)
    const server = everything()
    await main.addServers([server])
    const asked = callTool(main.api, server, 'trigger-elicitation-request')
    await waitFor(async () => expect(await main.api.mcp.pendingRequests()).toHaveLength(1), { timeout: 30_000 })
    renderApp(<ServerRequestDialogs />, { api: main.api })
    const dialog = await screen.findByTestId('elicitation-dialog')
    fireEvent.click(within(dialog).getByTestId('elicitation-decline'))
    expect(resultText(await asked)).toContain('declined')
  })

  it('drops a waiting request that ends elsewhere, silently, and counts down to the deadline', async () => {
    const { api, server, addServers } = await renderDialogs()
    const other = everything('Other')
    await addServers([other])
    await api.mcp.initClient({ serverId: other.id })
    const first = callTool(api, server, 'trigger-elicitation-request')
    const dialog = await screen.findByTestId('elicitation-dialog')
    const second = callTool(api, other, 'trigger-sampling-request', { prompt: 'queued' })
    const third = callTool(api, other, 'trigger-elicitation-request')
    await waitFor(() => expect(position()).toBe('1 of 3'))

    const countdown = within(dialog).getByTestId('server-request-countdown')
    const start = Number(countdown.dataset.seconds)
    await waitFor(() => expect(Number(countdown.dataset.seconds)).toBeLessThan(start))

    // stopping "Other" ends its two requests (the SDK aborts them): they leave the queue, no notice
    await api.mcp.stopServer({ serverId: other.id })
    await Promise.allSettled([second, third])
    await waitFor(() => expect(position()).toBeNull())
    expect(screen.getByTestId('elicitation-dialog')).toBe(dialog)
    expect(screen.queryByTestId('server-request-notice')).toBeNull()

    fireEvent.click(within(dialog).getByTestId('elicitation-cancel'))
    expect(resultText(await first)).toContain('cancelled')
  })

  it('closes the dialog on screen with a notice when its request ends without the user', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'will be cut off' })
    await screen.findByTestId('sampling-dialog')
    await api.mcp.stopServer({ serverId: server.id })
    await expect(call).rejects.toThrow()
    expect((await screen.findByTestId('server-request-notice')).textContent).toBe('Everything cancelled its request.')
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })
})
