import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { SettingsPage } from '@renderer/pages/SettingsPage'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

const DOCUMENT = 'https://studio.example.com/oauth/client-metadata.json'

describe('Settings → Sign-in', () => {
  it("saves the app's client metadata document in main; a URL that is not https is refused under the field", async () => {
    const main = await createMcpApi()
    dispose = main.dispose
    renderApp(<SettingsPage />, { api: main.api })
    const field = (await screen.findByTestId('sign-in-client-metadata-url')) as HTMLInputElement
    expect(field.value).toBe('')

    fireEvent.change(field, { target: { value: 'http://studio.example.com/c.json' } })
    fireEvent.click(screen.getByTestId('sign-in-client-metadata-url-save'))
    expect((await screen.findByTestId('sign-in-client-metadata-url-error')).textContent).toContain('must be an https URL')
    expect(await main.api.app.getSignInSettings()).toEqual({ clientMetadataUrl: '' })

    fireEvent.change(field, { target: { value: DOCUMENT } })
    fireEvent.click(screen.getByTestId('sign-in-client-metadata-url-save'))
    await waitFor(async () => expect(await main.api.app.getSignInSettings()).toEqual({ clientMetadataUrl: DOCUMENT }))
    await waitFor(() => expect(screen.queryByTestId('sign-in-client-metadata-url-error')).toBeNull())
  })
})
