import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ServersPage } from '@renderer/pages/ServersPage'
import { TracePage } from '@renderer/pages/TracePage'
import { createAppStore } from '@renderer/store'
import { setLanguage } from '@renderer/store/settings'
import { createIpcStorage } from '@renderer/store/ipcStorage'
import { createDirectApi } from '../../support/directApi'
import { createAppRouter, disposeTrackedApis, trackDispose, trackedRealApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { setPrefersDark } from '../setup'

afterEach(disposeTrackedApis)
const realApi = trackedRealApi

describe('theme', () => {
  it('applies light, dark and system (following the OS live) to <html data-theme>', async () => {
    renderApp(<ServersPage />, { api: realApi() })
    await screen.findByTestId('server-list-empty')
    // default is System, and the OS says light
    expect(document.documentElement.dataset.theme).toBe('light')

    const themes = screen.getByTestId('theme-select')
    fireEvent.click(within(themes).getByText('Dark'))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    fireEvent.click(within(themes).getByText('Light'))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'))

    fireEvent.click(within(themes).getByText('System'))
    setPrefersDark(true)
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    setPrefersDark(false)
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'))
  })

  it('offers the options by their visible labels, as radio buttons', async () => {
    renderApp(<ServersPage />, { api: realApi() })
    await screen.findByTestId('server-list-empty')
    const languages = within(screen.getByTestId('language-select'))
    expect(languages.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true)
    expect(languages.getByRole('radio', { name: '简体中文' })).toHaveProperty('checked', false)
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBe(screen.getByTestId('theme-select'))
  })
})

describe('navigation', () => {
  it('marks MCP Servers as the current page and opens the Trace URL main returns in a new tab', async () => {
    // jsdom has no window.open; record what the page asks the browser to open
    const opened: unknown[][] = []
    const original = window.open
    window.open = (...args: unknown[]) => {
      opened.push(args)
      return null
    }
    try {
      renderApp(<ServersPage />, { api: realApi() })
      await screen.findByTestId('server-list-empty')
      expect(screen.getByTestId('nav-servers').className).toContain('ant-menu-item-selected')
      fireEvent.click(screen.getByTestId('nav-trace'))
      await waitFor(() => expect(opened).toEqual([['/trace.html', '_blank', 'noopener']]))
      // Trace is an action, not a page of this window
      expect(screen.getByTestId('nav-trace').className).not.toContain('ant-menu-item-selected')
    } finally {
      window.open = original
    }
  })
})

describe('TracePage', () => {
  it('is its own page with a title and an empty state that says what will appear', async () => {
    renderApp(<TracePage />, { api: realApi() })
    expect(await screen.findByRole('heading', { name: 'Trace' })).toBeTruthy()
    // once main has said it keeps no traces
    expect((await screen.findByTestId('trace-empty')).textContent).toContain('No traces yet')
    expect(screen.getByTestId('trace-empty').textContent).toContain('When MCP operations run')
    expect(document.title).toBe('Trace — MCP Studio')
    fireEvent.click(within(screen.getByTestId('language-select')).getByText('简体中文'))
    await waitFor(() => expect(document.title).toBe('追踪 — MCP Studio'))
    expect(screen.getByText('暂无追踪记录')).toBeTruthy()
  })
})

describe('persistence through main', () => {
  it('keeps the servers in main and the settings in api.storage; a new window shows both', async () => {
    const { router, connect, dispose } = createAppRouter()
    trackDispose(dispose)
    const api = connect(createDirectApi(router))

    const first = createAppStore({ api, storage: createIpcStorage(api) })
    await waitFor(() => expect(first.persistor.getState().bootstrapped).toBe(true))
    first.store.dispatch(setLanguage('zh-CN'))
    await api.servers.add({ servers: [{ id: 'x', name: 'Saved', type: 'stdio', command: 'uvx', args: ['mcp-server-time'], isActive: false }] })
    await first.persistor.flush()
    const saved = await api.storage.getItem({ key: 'persist:root' })
    // the renderer's own state holds its settings, never a server
    expect(saved).toContain('zh-CN')
    expect(saved).not.toContain('Saved')

    // a second window (the Trace window, or the next start) reads the same state from main
    renderApp(<ServersPage />, { api, storage: createIpcStorage(api) })
    const [row] = await screen.findAllByTestId('server-list-item')
    expect(row.textContent).toContain('Saved')
    expect(row.textContent).toContain('uvx mcp-server-time')
    expect(screen.getByTestId('nav-servers').textContent).toBe('MCP 服务器')
  })
})
