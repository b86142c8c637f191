import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { cleanupServers, renderServers, rowOf } from '../servers/serversSupport'
import { cachedServers } from '../support/cachedServers'

afterEach(cleanupServers)

describe('server editor: "Allow sampling without asking"', () => {
  it('is off by default and says what it does; switched on and saved, main keeps it on the server', async () => {
    const local = { id: 's', name: 'Sampler', type: 'stdio' as const, command: 'node', isActive: false }
    const { store } = await renderServers([local])
    fireEvent.click(within(rowOf('Sampler')).getByTestId('server-edit'))
    await screen.findByTestId('general-tab')
    const toggle = screen.getByTestId('editor-sampling-auto-approve')
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByLabelText('Allow sampling without asking')).toBe(toggle)
    expect(screen.getByText(/a configured model answers it at once/)).toBeTruthy()

    fireEvent.click(toggle)
    fireEvent.click(screen.getByTestId('editor-save'))
    await waitFor(() => expect(cachedServers(store)[0].samplingAutoApprove).toBe(true))
    // saved: nothing left to save, and the switch shows it on
    await waitFor(() => expect((screen.getByTestId('editor-save') as HTMLButtonElement).disabled).toBe(true))
    expect(screen.getByTestId('editor-sampling-auto-approve').getAttribute('aria-checked')).toBe('true')
  })
})
