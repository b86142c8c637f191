import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { StoreTab, fixture, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

const KEY = 'sk-page-echo-secret-424242'

describe('the runner: a result that echoes a secret of its server', () => {
  it('shows it hidden, says so, and Reveal / Hide switch it', async () => {
    const server = stdioServer('leaky-echo', fixture('pid-echo.mjs'), { env: { API_KEY: KEY } })
    const main = await createMcpApi()
    dispose = main.dispose
    await main.addServers([server])
    renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
    fireEvent.click(await screen.findByTestId('tool-run-echo', {}, { timeout: 20_000 }))
    const body = await screen.findByTestId('tool-runner-body')
    fireEvent.change(within(body).getByLabelText(/^message/), { target: { value: `my key is ${KEY}` } })
    fireEvent.click(screen.getByTestId('runner-run'))

    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    expect(result.textContent).toContain('Echo: my key is [redacted]')
    expect(result.textContent).not.toContain(KEY)
    expect(screen.getByTestId('result-secrets').textContent).toContain('they are hidden')

    const toggle = screen.getByTestId('result-secrets-toggle')
    expect(toggle.textContent).toBe('Reveal')
    fireEvent.click(toggle)
    await waitFor(() => expect(screen.getByTestId('tool-result').textContent).toContain(`Echo: my key is ${KEY}`))
    expect(screen.getByTestId('result-secrets-toggle').textContent).toBe('Hide')
    fireEvent.click(screen.getByTestId('result-secrets-toggle'))
    await waitFor(() => expect(screen.getByTestId('tool-result').textContent).not.toContain(KEY))
  }, 60_000)

  it('a result with no secret in it is shown as it is, with no notice', async () => {
    const server = stdioServer('plain-echo', fixture('pid-echo.mjs'), { env: { API_KEY: KEY } })
    const main = await createMcpApi()
    dispose = main.dispose
    await main.addServers([server])
    renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
    fireEvent.click(await screen.findByTestId('tool-run-echo', {}, { timeout: 20_000 }))
    const body = await screen.findByTestId('tool-runner-body')
    fireEvent.change(within(body).getByLabelText(/^message/), { target: { value: 'hello' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    expect((await screen.findByTestId('tool-result', {}, { timeout: 20_000 })).textContent).toContain('Echo: hello')
    expect(screen.queryByTestId('result-secrets')).toBeNull()
  }, 60_000)
})
