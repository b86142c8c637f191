import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { StdioServer } from '@shared/mcp/server'
import { cleanupServers, fixture, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'

afterEach(cleanupServers)

// a watch and the log levels through the whole app: the real editor, its tabs, and a real server behind main
const devtools = (extra: Partial<StdioServer> = {}): StdioServer => ({
  id: 'devtools',
  name: 'Devtools',
  type: 'stdio',
  command: process.execPath,
  args: [fixture('devtools.mjs')],
  isActive: true,
  ...extra
})

async function openEditor(name: string, tab: string) {
  await waitForStatus(name, 'connected')
  fireEvent.click(within(rowOf(name)).getByTestId('server-edit'))
  fireEvent.click(await screen.findByTestId(`editor-tab-${tab}`))
}

const watchSwitch = () => screen.findByTestId('resource-subscribe-dev://status', {}, { timeout: 20_000 })

describe('Resources: a watch outlives the tab', () => {
  it('watch, leave the tab, the server updates, come back: still watched, and marked Updated', async () => {
    const { api, service, store } = await renderServers([devtools()])
    await openEditor('Devtools', 'resources')
    fireEvent.click(await watchSwitch())
    await waitFor(() => expect(screen.getByTestId('resource-subscribe-dev://status').getAttribute('aria-checked')).toBe('true'), { timeout: 10_000 })

    fireEvent.click(screen.getByTestId('editor-tab-logs'))
    await screen.findByTestId('logs-tab')
    expect(screen.queryByTestId('resources-tab')).toBeNull()
    await api.mcp.callTool({ serverId: 'devtools', name: 'touch', args: {} })
    await waitFor(() => expect(store.getState().resourceUpdates.byServer.devtools).toEqual(['dev://status']), { timeout: 10_000 })
    // leaving the tab sent no unsubscribe: main still watches it
    expect(service.sessionOf('devtools').subscriptions).toEqual(['dev://status'])

    fireEvent.click(screen.getByTestId('editor-tab-resources'))
    expect(await screen.findByTestId('resource-updated-dev://status', {}, { timeout: 10_000 })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('resource-subscribe-dev://status').getAttribute('aria-checked')).toBe('true'), { timeout: 10_000 })

    // switching it off is what ends it
    fireEvent.click(screen.getByTestId('resource-subscribe-dev://status'))
    await waitFor(() => expect(service.sessionOf('devtools').subscriptions).toEqual([]), { timeout: 10_000 })
    await waitFor(() => expect(screen.getByTestId('resource-subscribe-dev://status').getAttribute('aria-checked')).toBe('false'), { timeout: 10_000 })
  })
})

const rows = () => screen.queryAllByTestId('logs-entry').filter((row) => row.textContent?.includes('[devtools]'))
const levels = () => rows().map((row) => row.dataset.level)

describe('Logs: the server log level and the eight syslog levels', () => {
  it('shows each of the eight levels as itself, sets the server level, and filters by any of them', async () => {
    const { api, service } = await renderServers([devtools()])
    await openEditor('Devtools', 'logs')
    const tab = await screen.findByTestId('logs-tab')
    await api.mcp.callTool({ serverId: 'devtools', name: 'log-all', args: {} })
    await waitFor(() => expect(levels()).toHaveLength(8), { timeout: 10_000 })
    expect(levels()).toEqual(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])

    // the control: enabled for a connected server with logging; pick "critical"
    await waitFor(() => expect(within(tab).getByTestId('logs-server-level-wrap').dataset.reason).toBe(''), { timeout: 10_000 })
    const select = within(tab).getByRole('combobox', { name: 'Server log level' })
    fireEvent.mouseDown(select)
    fireEvent.click(await screen.findByTitle('critical'))
    await waitFor(() => expect(service.sessionOf('devtools').logLevel).toBe('critical'), { timeout: 10_000 })
    await api.mcp.callTool({ serverId: 'devtools', name: 'log-all', args: {} })
    await waitFor(() => expect(levels()).toHaveLength(11), { timeout: 10_000 })
    expect(levels().slice(8)).toEqual(['critical', 'alert', 'emergency'])

    // the filter offers every level: only alert left checked
    const filter = within(tab).getByTestId('logs-level-filter')
    for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'emergency', 'stderr', 'stdout']) {
      fireEvent.click(within(filter).getByLabelText(level))
    }
    await waitFor(() => expect(levels()).toEqual(['alert', 'alert']), { timeout: 10_000 })
  })

  it('the control is disabled, saying why, for a server without logging', async () => {
    await renderServers([devtools({ id: 'plain', name: 'Plain', env: { DEVTOOLS_PLAIN: '1' } })])
    await openEditor('Plain', 'logs')
    const tab = await screen.findByTestId('logs-tab')
    await waitFor(() => expect(within(tab).getByTestId('logs-server-level-wrap').dataset.reason).toMatch(/does not offer logging/), { timeout: 10_000 })
    expect(within(tab).getByRole('combobox', { name: 'Server log level' }).hasAttribute('disabled')).toBe(true)
  })

  it('in Chinese, a stopped server says to start it first', async () => {
    await renderServers([devtools({ isActive: false })], { language: 'zh-CN' })
    await waitForStatus('Devtools', 'stopped')
    fireEvent.click(within(rowOf('Devtools')).getByTestId('server-edit'))
    fireEvent.click(await screen.findByTestId('editor-tab-logs'))
    const tab = await screen.findByTestId('logs-tab')
    await waitFor(() => expect(within(tab).getByTestId('logs-server-level-wrap').dataset.reason).toBe('启动服务器后才能设置其日志级别'), { timeout: 10_000 })
    expect(within(within(tab).getByTestId('logs-level-filter')).getByLabelText('紧急')).toBeTruthy()
  })
})
