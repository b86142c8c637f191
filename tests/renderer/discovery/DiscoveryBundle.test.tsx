import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { helloArchive } from '../extensions/helloArchive'
import { startBundleHost, type BundleHost } from '../../fixtures/discovery/bundleHost'
import { startStandInRegistry, type StandInRegistry } from '../../fixtures/discovery/standInRegistry'
import { cleanupServers, renderServers } from '../servers/serversSupport'

let bundles: BundleHost
let registry: StandInRegistry
beforeAll(async () => {
  bundles = await startBundleHost(await helloArchive())
  registry = await startStandInRegistry({ entries: [bundles.good, bundles.wrong, bundles.stalls] as never })
})
afterAll(async () => {
  await registry.close()
  await bundles.close()
})
afterEach(cleanupServers)

async function browse(term: string) {
  const view = await renderServers([], { main: { fetch: bundles.fetch } })
  fireEvent.click(screen.getByTestId('add-server'))
  fireEvent.click(await screen.findByTestId('add-menu-discovery'))
  fireEvent.change(await screen.findByTestId('discovery-registry-input'), { target: { value: registry.url } })
  fireEvent.click(screen.getByTestId('discovery-registry-save'))
  const search = await screen.findByTestId('discovery-search')
  fireEvent.change(search.querySelector('input') ?? search, { target: { value: term } })
  return view
}

const row = async (name: string) => {
  await waitFor(() => expect(screen.queryAllByTestId('discovery-item').some((item) => item.textContent?.includes(name))).toBe(true))
  return screen.getAllByTestId('discovery-item').find((item) => item.querySelector('code')?.textContent === name)!
}

describe('Browse the MCP Registry: an entry that ships a desktop extension bundle', () => {
  it('Add downloads it and opens the extension review: its settings asked, Install adds it approved', async () => {
    const { registry: servers } = await browse('hello-bundle')
    const item = await row('io.github.example/hello-bundle')
    expect(item.textContent).toContain('desktop extension (.mcpb)')
    fireEvent.click(within(item).getByTestId('discovery-add'))
    const preview = await screen.findByTestId('extension-preview', {}, { timeout: 15_000 })
    expect(within(preview).getByTestId('extension-name').textContent).toBe('Hello Extension 1.0.0')
    expect(within(preview).getByTestId('extension-command').textContent).toMatch(/^node .*hello-extension\/server\/index\.mjs$/)
    fireEvent.click(screen.getByTestId('extension-install'))
    expect(await screen.findByText('“Greeting” is required')).toBeTruthy()
    fireEvent.change(screen.getByTestId('user-config-greeting'), { target: { value: 'Moin' } })
    fireEvent.click(screen.getByTestId('extension-install'))
    await waitFor(() => expect(servers.snapshot().servers.map((s) => s.name)).toEqual(['Hello Extension']), { timeout: 15_000 })
    const [server] = servers.snapshot().servers
    expect(server).toMatchObject({ installSource: 'dxt', userConfig: { greeting: 'Moin' } })
    // installing from the review is the approval, as for a dropped file
    await waitFor(() => expect(servers.isApproved(server.id)).toBe(true))
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull())
  })

  it('a download under way shows how much has arrived; Cancel stops it and installs nothing', async () => {
    const { registry: servers } = await browse('hello-bundle-stalls')
    fireEvent.click(within(await row('io.github.example/hello-bundle-stalls')).getByTestId('discovery-add'))
    const staging = await screen.findByTestId('extension-staging', {}, { timeout: 15_000 })
    await waitFor(() => expect(staging.textContent).toMatch(/^Downloading io\.github\.example\/hello-bundle-stalls… \d+ KB of \d+ KB$/), { timeout: 15_000 })
    const before = bundles.abandoned()
    fireEvent.click(screen.getByTestId('extension-cancel'))
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull())
    // main stopped the download: the host saw the connection go
    await waitFor(() => expect(bundles.abandoned()).toBe(before + 1))
    // the Browse dialog is still there, and nothing was added
    expect(screen.getByTestId('discovery-dialog')).toBeTruthy()
    expect(servers.snapshot().servers).toEqual([])
  })

  it('a checksum that does not match: the dialog names the entry and offers Retry; nothing is installed', async () => {
    const { registry: servers } = await browse('hello-bundle-tampered')
    fireEvent.click(within(await row('io.github.example/hello-bundle-tampered')).getByTestId('discovery-add'))
    const failure = await screen.findByTestId('extension-stage-error', {}, { timeout: 15_000 })
    expect(failure.textContent).toContain('This extension cannot be installed from the registry')
    expect(failure.textContent).toContain('io.github.example/hello-bundle-tampered was refused: the downloaded bundle')
    expect(screen.getByTestId('extension-bundle-retry')).toBeTruthy()
    expect(screen.queryByTestId('extension-choose')).toBeNull()
    expect(servers.snapshot().servers).toEqual([])
  })
})
