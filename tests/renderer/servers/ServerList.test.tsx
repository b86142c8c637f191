import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import en from '@renderer/i18n/locales/en-US'
import { cleanupServers, everything, fixture, renderServers, rowOf, waitForStatus } from './serversSupport'
import { cachedServers, cachedApprovals } from '../support/cachedServers'
import type { StdioServer } from '@shared/mcp/server'

afterEach(cleanupServers)

const idle = (id: string, extra: Partial<StdioServer> = {}): StdioServer => ({ id, name: id, type: 'stdio', command: 'node', args: [`${id}.js`], isActive: false, ...extra })

describe('server list', () => {
  it('shows the active servers main started by itself: status and tool count from main', async () => {
    const { api } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const tools = await api.mcp.listTools({ serverId: 'everything' })
    await waitFor(() => expect(within(rowOf('Everything')).getByTestId('server-tool-count').dataset.count).toBe(String(tools.length)))
    expect(tools.length).toBeGreaterThan(3)
    expect(within(rowOf('Everything')).getByTestId('server-type').textContent).toBe('Stdio')
    expect(within(rowOf('Everything')).getByTestId('server-target').textContent).toContain('index.js stdio')
  })

  it("a server that dies at start shows main's code (as a sentence) and message, and a Retry that tries again", async () => {
    const broken = { id: 'broken', name: 'Broken', type: 'stdio' as const, command: process.execPath, args: [fixture('exit-at-start.mjs')], isActive: true }
    const { service } = await renderServers([broken])
    await waitForStatus('Broken', 'error')
    const error = within(rowOf('Broken')).getByTestId('server-error')
    const state = service.states().broken
    expect(state).toMatchObject({ status: 'failed', code: expect.any(String) })
    const code = state.status === 'failed' ? state.code : ''
    expect(error.querySelector('[data-code]')?.getAttribute('data-code')).toBe(code)
    expect(within(error).getByTestId('error-sentence').textContent).toBe(en.errors[code as keyof typeof en.errors])
    expect(within(error).getByTestId('error-detail').textContent).toContain('API_BASE is not set')
    fireEvent.click(within(error).getByTestId('server-retry'))
    await waitForStatus('Broken', 'connecting')
    await waitForStatus('Broken', 'error')
  })

  it('the switch stops a running server and starts it again, and the choice is saved', async () => {
    const { store, service } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const firstPid = service.pidOf(everything())
    expect(firstPid).toBeGreaterThan(0)
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-switch'))
    await waitForStatus('Everything', 'stopped')
    expect(cachedServers(store)[0].isActive).toBe(false)
    expect(service.pidOf(everything())).toBeUndefined()

    // the status arrives before the stop has returned; the switch takes clicks again only then
    const toggle = within(rowOf('Everything')).getByTestId('server-switch')
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false))
    fireEvent.click(toggle)
    await waitForStatus('Everything', 'connected')
    expect(cachedServers(store)[0].isActive).toBe(true)
    expect(service.pidOf(everything())).not.toBe(firstPid)
  })

  it('More → Restart gives a running server a new process while it stays on; Copy as JSON copies the one server', async () => {
    const { service } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const firstPid = service.pidOf(everything())
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-more'))
    fireEvent.click(await screen.findByTestId('server-restart'))
    await waitFor(() => {
      const pid = service.pidOf(everything())
      expect(pid).toBeGreaterThan(0)
      expect(pid).not.toBe(firstPid)
    })
    await waitForStatus('Everything', 'connected')

    let copied = ''
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } })
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-more'))
    const copy = (await screen.findAllByTestId('server-copy-json')).at(-1)!
    fireEvent.click(copy)
    await waitFor(() => expect(copied).not.toBe(''))
    expect(Object.keys(JSON.parse(copied).mcpServers)).toEqual(['Everything'])
    expect(JSON.parse(copied).mcpServers.Everything).toMatchObject({ type: 'stdio', command: everything().command })
  })

  it('follows a change made in main without a reload: a server switched off from the CLI shows stopped', async () => {
    const { registry, service } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    // the CLI and other windows change main's registry; main stops the server, the row follows
    await registry.update('everything', { isActive: false })
    await waitForStatus('Everything', 'stopped')
    expect(within(rowOf('Everything')).getByTestId('server-switch').getAttribute('aria-checked')).toBe('false')
    expect(within(rowOf('Everything')).queryByTestId('server-tool-count')).toBeNull()
    expect(service.pidOf(everything())).toBeUndefined()
    // and switched on again there, it starts with nothing asked of this window
    await registry.update('everything', { isActive: true })
    await waitForStatus('Everything', 'connected')
    expect(within(rowOf('Everything')).getByTestId('server-switch').getAttribute('aria-checked')).toBe('true')
  })

  it('searches by name, description and tag', async () => {
    await renderServers([
      idle('alpha', { ui: { description: 'reads the weather' } }),
      idle('beta', { ui: { tags: ['maps'] } }),
      idle('gamma')
    ])
    const search = within(screen.getByTestId('server-search')).getByRole('searchbox')
    const names = () => screen.queryAllByTestId('server-list-item').map((r) => r.dataset.serverName)
    fireEvent.change(search, { target: { value: 'WEATHER' } })
    expect(names()).toEqual(['alpha'])
    fireEvent.change(search, { target: { value: 'maps' } })
    expect(names()).toEqual(['beta'])
    fireEvent.change(search, { target: { value: 'gam' } })
    expect(names()).toEqual(['gamma'])
    fireEvent.change(search, { target: { value: 'nothing like it' } })
    expect(names()).toEqual([])
    expect(screen.getByTestId('server-list-no-match').textContent).toContain('nothing like it')
    fireEvent.change(search, { target: { value: '' } })
    expect(names()).toEqual(['alpha', 'beta', 'gamma'])
  })

  it('deletes a server only after confirmation', async () => {
    const { store } = await renderServers([idle('keep'), idle('drop')])
    fireEvent.click(within(rowOf('drop')).getByTestId('server-delete'))
    const confirm = await screen.findByTestId('server-delete-confirm')
    expect(cachedServers(store).map((s) => s.id)).toEqual(['keep', 'drop'])
    fireEvent.click(confirm)
    await waitFor(() => expect(cachedServers(store).map((s) => s.id)).toEqual(['keep']))
    expect(screen.getAllByTestId('server-list-item').map((r) => r.dataset.serverName)).toEqual(['keep'])
  })

  it('an imported server waits for the user to see its command before its first start', async () => {
    const imported = everything({ installSource: 'import' })
    const { store, service } = await renderServers([imported])
    await waitForStatus('Everything', 'needsApproval')
    expect(service.pidOf(imported)).toBeUndefined()
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-review'))
    const dialog = await screen.findByTestId('approval-dialog')
    expect(within(dialog).getByTestId('approval-command').textContent).toBe(`${process.execPath} ${imported.args!.join(' ')}`)
    expect(within(dialog).getByTestId('approval-warning').textContent).toContain('added from outside the app')
    await act(async () => fireEvent.click(screen.getByTestId('approval-confirm')))
    await waitForStatus('Everything', 'connected')
    expect(cachedApprovals(store)).toEqual({ everything: true })
  })

  // dnd-kit's Space / arrows / Space needs a real layout: the E2E test covers it in Chromium
  it('reorders with Alt+Arrow on the handle, within the search results too', async () => {
    const { store } = await renderServers([idle('one'), idle('two'), idle('three', { ui: { tags: ['x'] } }), idle('four', { ui: { tags: ['x'] } })])
    const order = () => cachedServers(store).map((s) => s.id)
    fireEvent.keyDown(within(rowOf('one')).getByTestId('server-drag-handle'), { key: 'ArrowDown', altKey: true })
    expect(order()).toEqual(['two', 'one', 'three', 'four'])
    fireEvent.keyDown(within(rowOf('one')).getByTestId('server-drag-handle'), { key: 'ArrowUp', altKey: true })
    fireEvent.keyDown(within(rowOf('one')).getByTestId('server-drag-handle'), { key: 'ArrowUp', altKey: true })
    expect(order()).toEqual(['one', 'two', 'three', 'four'])
    fireEvent.change(within(screen.getByTestId('server-search')).getByRole('searchbox'), { target: { value: 'x' } })
    fireEvent.keyDown(within(rowOf('four')).getByTestId('server-drag-handle'), { key: 'ArrowUp', altKey: true })
    expect(order()).toEqual(['one', 'two', 'four', 'three'])
    await waitFor(() => expect(screen.getAllByTestId('server-list-item').map((r) => r.dataset.serverName)).toEqual(['four', 'three']))
  })
})
