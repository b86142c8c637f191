import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { ServersPage } from '@renderer/pages/ServersPage'
import pkg from '../../../package.json'
import { createFlakyApi, disposeTrackedApis, trackDispose, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(disposeTrackedApis)
const realApi = trackedRealApi

/** Side menu → About: the app info is there, not above the server list. */
async function openAbout() {
  fireEvent.click(screen.getByTestId('nav-about'))
  return screen.findByTestId('about-dialog')
}

describe('ServersPage', () => {
  it('shows the app info that main reports in About, not above the list', async () => {
    renderApp(<ServersPage />, { api: realApi() })
    await screen.findByTestId('server-list')
    expect(screen.queryByTestId('app-info')).toBeNull()
    await openAbout()
    expect(screen.getByText('About MCP Studio')).toBeTruthy()
    expect(await screen.findByTestId('app-name')).toHaveProperty('textContent', pkg.productName)
    expect(screen.getByTestId('app-version').textContent).toBe(pkg.version)
    const mode = screen.getByTestId('app-mode')
    expect(mode.dataset.mode).toBe('browser')
    expect(mode.textContent).toBe('Browser')
    expect(screen.getByTestId('app-platform').textContent).toBe(process.platform === 'linux' ? 'Linux' : expect.any(String))
    // where the servers, settings and chats are kept: shown to copy (browser mode has no file manager to ask)
    expect(screen.getByTestId('app-data-folder').textContent).toContain('mcp-studio-')
    expect(screen.queryByTestId('app-data-folder-open')).toBeNull()
    expect(document.title).toBe('MCP Studio')
  })

  it('shows a loading state until main answers', async () => {
    renderApp(<ServersPage />, { api: realApi() })
    await screen.findByTestId('server-list')
    // asked when About opens: the skeleton shows at once, before main answers
    fireEvent.click(screen.getByTestId('nav-about'))
    expect(screen.getByTestId('app-info-loading')).toBeTruthy()
    await screen.findByTestId('app-name')
    expect(screen.queryByTestId('app-info-loading')).toBeNull()
  })

  it('shows the empty server list with its explanation', async () => {
    renderApp(<ServersPage />, { api: realApi() })
    const list = await screen.findByTestId('server-list')
    const empty = within(list).getByTestId('server-list-empty')
    expect(empty.textContent).toContain('No MCP servers yet')
    expect(empty.textContent).toContain('command or URL')
    // and what to start with: the built-ins and presets, each with Add
    expect(within(list).getAllByTestId('catalogue-card').length).toBeGreaterThanOrEqual(4)
    // the empty state leads to adding one
    expect(within(list).getByTestId('add-server').textContent).toContain('Add server')
  })

  it("lists main's servers with type and command or URL, and follows main's changes", async () => {
    const api = realApi()
    renderApp(<ServersPage />, { api })
    await screen.findByTestId('server-list-empty')
    // added in main (by another window, the CLI, an installer): the list follows servers:changed
    await api.servers.add({
      servers: [
        { id: 'a', name: 'Everything', type: 'stdio', command: 'npx', args: ['-y', 'srv'], isActive: false },
        { id: 'b', name: 'Remote', type: 'httpAuto', baseUrl: 'https://example.com/mcp', isActive: false }
      ]
    })
    const rows = await screen.findAllByTestId('server-list-item')
    expect(rows).toHaveLength(2)
    expect(rows[0].textContent).toContain('Everything')
    expect(rows[0].textContent).toContain('Stdio')
    expect(rows[0].textContent).toContain('npx -y srv')
    expect(rows[1].textContent).toContain('Auto (Streamable HTTP, then SSE)')
    expect(rows[1].textContent).toContain('https://example.com/mcp')
    expect(screen.queryByTestId('server-list-empty')).toBeNull()
  })

  it('says the list is loading, not empty, until main answers; a failed load offers Retry', async () => {
    const flaky = createFlakyApi('servers:list', 1)
    trackDispose(flaky.dispose)
    renderApp(<ServersPage />, { api: flaky.api })
    const error = await screen.findByTestId('server-list-load-error')
    expect(error.textContent).toContain('Could not load your servers')
    expect(screen.queryByTestId('server-list-empty')).toBeNull()
    fireEvent.click(screen.getByTestId('server-list-retry'))
    expect(await screen.findByTestId('server-list-empty')).toBeTruthy()
    expect(flaky.calls()).toBe(2)
  })

  it('shows an error with a Retry that works when main cannot be reached', async () => {
    const flaky = createFlakyApi('app:get-info', 1)
    trackDispose(flaky.dispose)
    renderApp(<ServersPage />, { api: flaky.api })
    await screen.findByTestId('server-list')
    await openAbout()
    const error = await screen.findByTestId('app-info-error')
    expect(error.textContent).toContain('Could not load the app info')
    expect(error.textContent).toContain('Could not reach MCP Studio.')
    expect(screen.queryByTestId('app-name')).toBeNull()

    fireEvent.click(screen.getByTestId('app-info-retry'))
    expect((await screen.findByTestId('app-name')).textContent).toBe(pkg.productName)
    expect(screen.queryByTestId('app-info-error')).toBeNull()
    expect(flaky.calls()).toBe(2)
  })

  it('switches to Chinese and back, antd and <html lang> included, and saves the choice', async () => {
    const { storage, persistor } = renderApp(<ServersPage />, { api: realApi() })
    await screen.findByTestId('server-list-empty')
    await openAbout()
    await screen.findByTestId('app-name')
    expect(document.documentElement.lang).toBe('en-US')

    const languages = screen.getByTestId('language-select')
    fireEvent.click(within(languages).getByText('简体中文'))
    expect(await screen.findByText('还没有 MCP 服务器')).toBeTruthy()
    expect(screen.getByTestId('nav-servers').textContent).toBe('MCP 服务器')
    expect(screen.getByTestId('nav-trace').textContent).toBe('追踪')
    expect(screen.getByTestId('nav-about').textContent).toBe('关于')
    expect(screen.getByText('关于 MCP Studio')).toBeTruthy()
    expect(screen.getByTestId('app-mode').textContent).toBe('浏览器')
    expect(within(screen.getByTestId('theme-select')).getByText('深色')).toBeTruthy()
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(document.title).toBe('MCP Studio')

    await persistor.flush()
    expect(JSON.parse(JSON.parse(storage.data.get('persist:root')!).settings)).toMatchObject({ language: 'zh-CN' })

    fireEvent.click(within(languages).getByText('English'))
    expect(await screen.findByText('No MCP servers yet')).toBeTruthy()
    expect(document.documentElement.lang).toBe('en-US')
  })

  it('starts in the saved language', async () => {
    const saved = { 'persist:root': JSON.stringify({ settings: JSON.stringify({ language: 'zh-CN', theme: 'dark' }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }) }
    renderApp(<ServersPage />, { api: realApi(), saved })
    expect(await screen.findByText('还没有 MCP 服务器')).toBeTruthy()
    expect(screen.getByTestId('nav-about').textContent).toBe('关于')
    expect(document.documentElement.dataset.theme).toBe('dark')
  })
})
