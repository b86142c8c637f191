import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { startStandInRegistry, type StandInRegistry } from '../../fixtures/discovery/standInRegistry'
import { cleanupServers, renderServers } from '../servers/serversSupport'

let registry: StandInRegistry
beforeAll(async () => {
  registry = await startStandInRegistry()
})
afterAll(() => registry.close())
afterEach(cleanupServers)

async function openBrowser() {
  fireEvent.click(screen.getByTestId('add-server'))
  fireEvent.click(await screen.findByTestId('add-menu-discovery'))
  return screen.findByTestId('discovery-dialog')
}

const names = () => screen.queryAllByTestId('discovery-item').map((row) => row.querySelector('code')?.textContent)

describe('Browse the MCP Registry', () => {
  it('asks for a registry first, then searches as you type and scrolls through every page; refused entries say why', async () => {
    await renderServers()
    const dialog = await openBrowser()
    expect((await within(dialog).findByTestId('discovery-no-registry')).textContent).toContain('No MCP Registry is set yet')
    fireEvent.change(screen.getByTestId('discovery-registry-input'), { target: { value: registry.url } })
    fireEvent.click(screen.getByTestId('discovery-registry-save'))
    const search = await screen.findByTestId('discovery-search')
    fireEvent.change(search.querySelector('input') ?? search, { target: { value: 'time' } })
    // three pages of the stand-in, the deleted entry left out
    await waitFor(() => expect(names()).toHaveLength(10))
    expect(names()[0]).toBe('io.github.example/time')
    expect(screen.getAllByTestId('discovery-item')[0].textContent).toContain('uvx (Python)')

    fireEvent.change(search.querySelector('input') ?? search, { target: { value: 'evil' } })
    await waitFor(() => expect(screen.queryAllByTestId('discovery-refused')).toHaveLength(3))
    expect(screen.getAllByTestId('discovery-refused')[1].textContent).toContain('remotes[0].url must be an http(s) URL, not javascript:')

    // removed, the dialog asks for an address again
    fireEvent.click(screen.getByTestId('discovery-registry-remove'))
    expect((await screen.findByTestId('discovery-no-registry')).textContent).toContain('No MCP Registry is set yet')
  })

  it('Add shows the full command and asks for the secret, masked; the server lands in the list waiting for approval', async () => {
    const { registry: servers } = await renderServers()
    await openBrowser()
    fireEvent.change(await screen.findByTestId('discovery-registry-input'), { target: { value: registry.url } })
    fireEvent.click(screen.getByTestId('discovery-registry-save'))
    const search = await screen.findByTestId('discovery-search')
    fireEvent.change(search.querySelector('input') ?? search, { target: { value: 'weather' } })
    fireEvent.click(await screen.findByTestId('discovery-add'))
    const review = await screen.findByTestId('discovery-review')
    expect(within(review).getByTestId('discovery-review-target').textContent).toContain('npx -y --prefer-offline @example/weather-mcp@1.2.0 --log-level info <city>')
    const secret = within(review).getByTestId('discovery-input-WEATHER_API_KEY')
    expect(secret.getAttribute('type')).toBe('password')
    fireEvent.click(screen.getByTestId('discovery-review-add'))
    expect(await within(review).findByText('WEATHER_API_KEY is required')).toBeTruthy()
    fireEvent.change(secret, { target: { value: 'sk-dialog-weather-5' } })
    fireEvent.click(screen.getByTestId('discovery-review-add'))
    await waitFor(() => expect(servers.snapshot().servers.map((s) => s.name)).toEqual(['io.github.example/weather']))
    const added = servers.snapshot().servers[0]
    expect(added).toMatchObject({ isActive: true, installSource: 'registry', env: { WEATHER_API_KEY: 'sk-dialog-weather-5', WEATHER_UNITS: 'metric' } })
    expect(servers.isApproved(added.id)).toBe(false)
  })
})
