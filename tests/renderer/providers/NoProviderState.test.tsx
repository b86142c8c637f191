import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { NoProviderState } from '@renderer/components/providers/NoProviderState'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { localModelServer } from './localModelServer'
import { withoutEnvironmentProviders } from '../support/noEnvironmentProviders'

let cleanups: Array<() => Promise<void>> = []
beforeEach(() => {
  withoutEnvironmentProviders()
  history.replaceState(null, '', '/')
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.unstubAllEnvs()
})

describe("the chat's empty state when there is no model provider", () => {
  it('finds the model server on this computer, adds it in one click with its first model as the default, and scans again', async () => {
    const { model, preset } = await localModelServer(['local-small', 'local-large'])
    let closed = false
    cleanups.push(async () => {
      if (!closed) await model.close()
    })
    const main = await createMcpApi()
    cleanups.push(() => main.dispose())
    renderApp(<NoProviderState />, { api: main.api })

    expect(await screen.findByText('Add a model to chat with')).toBeTruthy()
    expect(screen.getByText(/a model server running on this computer, such as Ollama or LM Studio/)).toBeTruthy()
    const found = await screen.findByTestId(`local-endpoint-${preset.id}`)
    expect(found.textContent).toContain(`${preset.name} — models: 2`)
    expect(found.textContent).toContain(preset.baseUrl)

    fireEvent.click(within(found).getByTestId('local-endpoint-add'))
    expect(await within(found).findByTestId('local-endpoint-added')).toBeTruthy()
    // the notice comes once the default model is set too: the test ends after it, not during it
    expect(await screen.findByText(`Added ${preset.name}`)).toBeTruthy()
    const snapshot = await main.api.chat.listProviders()
    expect(snapshot.providers).toEqual([expect.objectContaining({ name: preset.name, baseUrl: preset.baseUrl, models: ['local-small', 'local-large'], defaultModel: 'local-small' })])
    expect(snapshot.defaultModel).toEqual({ providerId: snapshot.providers[0].id, model: 'local-small' })

    // stopped, it is not found at the next scan
    await model.close()
    closed = true
    fireEvent.click(screen.getByTestId('local-endpoints-rescan'))
    expect(await screen.findByTestId('local-endpoints-none')).toBeTruthy()
    expect(screen.queryByTestId(`local-endpoint-${preset.id}`)).toBeNull()
  })

  it('leads to the Models page', async () => {
    const main = await createMcpApi()
    cleanups.push(() => main.dispose())
    renderApp(<NoProviderState />, { api: main.api })
    fireEvent.click(await screen.findByTestId('no-provider-open-models'))
    await waitFor(() => expect(window.location.hash).toBe('#page=models'))
    // the scan for local model servers the state started shows its outcome before main goes away
    await waitFor(() => expect(screen.queryByTestId('local-endpoints-none') ?? screen.queryByTestId('local-endpoints-error') ?? screen.queryByRole('list')).toBeTruthy())
  })
})
