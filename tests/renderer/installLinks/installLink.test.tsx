import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { buildInstallLink } from '@shared/mcp/installLink'
import { InstallLinkInbox } from '../../../src/main/services/installLinks/InstallLinkInbox'
import { cleanupServers, renderServers, waitForStatus } from '../servers/serversSupport'
import { cachedServers } from '../support/cachedServers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(cleanupServers)

const twoServers = {
  mcpServers: {
    everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { API_KEY: 'secret-value' } },
    remote: { type: 'http', url: 'https://example.com/mcp' }
  }
}

/** browser mode: the page opened at /install?servers=… */
function openAtLink(link: string) {
  history.replaceState(null, '', `/install${new URL(link).search}`)
}

describe('install links', () => {
  it('shows every proposed server with its full command, adds only the ticked one, switched off and not approved', async () => {
    openAtLink(buildInstallLink(twoServers))
    const { store, registry } = await renderServers([{ id: 'x', name: 'existing', type: 'stdio', command: 'node', isActive: false }])
    const dialog = await screen.findByTestId('install-link-dialog')
    // read once: the address no longer offers the servers again on a reload
    expect(window.location.pathname).toBe('/')
    expect(within(dialog).getAllByTestId('install-link-command').map((c) => c.textContent)).toEqual([
      'npx -y @modelcontextprotocol/server-everything',
      'https://example.com/mcp'
    ])
    // a value is never shown, only its name
    expect(dialog.textContent).toContain('API_KEY=••••')
    expect(dialog.textContent).not.toContain('secret-value')
    const submit = screen.getByTestId('install-link-submit')
    expect(submit.textContent).toBe('Tick the servers to add')
    expect(submit).toHaveProperty('disabled', true)

    fireEvent.click(within(dialog).getByTestId('install-link-pick-remote'))
    expect(submit.textContent).toBe('Add 1 server')
    fireEvent.click(submit)

    await waitFor(() => expect(screen.queryByTestId('install-link-dialog')).toBeNull())
    expect(cachedServers(store).map((s) => s.name)).toEqual(['existing', 'remote'])
    const remote = registry.snapshot().servers.find((s) => s.name === 'remote')!
    expect(remote).toMatchObject({ baseUrl: 'https://example.com/mcp', isActive: false, installSource: 'deeplink' })
    expect(registry.approves(remote)).toBe(false)
    await waitForStatus('remote', 'stopped')
    expect(await screen.findByText('Added 1 server, switched off. Switch it on to start it.')).toBeTruthy()
  })

  it('Cancel adds nothing', async () => {
    openAtLink(buildInstallLink(twoServers))
    const { store } = await renderServers()
    const dialog = await screen.findByTestId('install-link-dialog')
    fireEvent.click(within(dialog).getByTestId('install-link-pick-everything'))
    fireEvent.click(screen.getByTestId('install-link-cancel'))
    await waitFor(() => expect(screen.queryByTestId('install-link-dialog')).toBeNull())
    expect(cachedServers(store)).toEqual([])
  })

  it('a link Electron received: a bad payload is refused, saying why and what to do, and nothing is added', async () => {
    const installLinks = new InstallLinkInbox()
    const { store } = await renderServers([], { main: { installLinks } })
    act(() => installLinks.deliver('mcpstudio://install?servers=%7Bnot-base64%7D'))
    const refused = await screen.findByTestId('install-link-refused')
    expect(refused.dataset.code).toBe('badBase64')
    expect(refused.textContent).toContain("The link's servers=… part is damaged: it is not base64url.")
    expect(refused.textContent).toContain('Nothing was added.')
    expect(screen.queryByTestId('install-link-submit')).toBeNull()
    fireEvent.click(screen.getByTestId('install-link-close'))
    await waitFor(() => expect(screen.queryByTestId('install-link-dialog')).toBeNull())
    expect(cachedServers(store)).toEqual([])
  })

  it('names the server and field of a bad entry, in Chinese when the app is', async () => {
    const installLinks = new InstallLinkInbox()
    // one waiting before the window loaded
    installLinks.deliver(buildInstallLink({ mcpServers: { web: { type: 'sse' } } }))
    await renderServers([], { main: { installLinks }, language: 'zh-CN' })
    const refused = await screen.findByTestId('install-link-refused')
    expect(within(refused).getByTestId('install-link-problem').textContent).toBe('链接中的服务器配置无效：')
    const issue = within(refused).getByTestId('import-issue')
    expect(issue.dataset.server).toBe('web')
    expect(issue.textContent).toContain('sse 服务器需要填写 URL')
  })

  it('asks for the values the ticked servers need (VS Code inputs) before adding', async () => {
    openAtLink(
      buildInstallLink({
        inputs: [{ id: 'token', type: 'promptString', password: true, description: 'API token' }],
        servers: { api: { command: 'node', args: ['api.js'], env: { TOKEN: '${input:token}' } }, plain: { command: 'node' } }
      })
    )
    const { registry } = await renderServers()
    const dialog = await screen.findByTestId('install-link-dialog')
    fireEvent.click(within(dialog).getByTestId('install-link-pick-plain'))
    expect(within(dialog).queryByTestId('import-inputs')).toBeNull()
    fireEvent.click(within(dialog).getByTestId('install-link-pick-api'))
    const submit = screen.getByTestId('install-link-submit')
    expect(submit).toHaveProperty('disabled', true)
    fireEvent.change(within(dialog).getByTestId('import-input-token'), { target: { value: 'typed-token' } })
    expect(submit.textContent).toBe('Add 2 servers')
    fireEvent.click(submit)
    await waitFor(() => expect(registry.snapshot().servers.map((s) => s.name)).toEqual(['api', 'plain']))
    expect(anyKindFields(registry.snapshot().servers[0]).env).toEqual({ TOKEN: 'typed-token' })
  })

  it('two links one after the other: the second shows when the first is done', async () => {
    const installLinks = new InstallLinkInbox()
    await renderServers([], { main: { installLinks } })
    act(() => {
      installLinks.deliver(buildInstallLink({ command: 'node', args: ['one.js'] }, 'one'))
      installLinks.deliver(buildInstallLink({ command: 'node', args: ['two.js'] }, 'two'))
    })
    expect((await screen.findByTestId('install-link-command')).textContent).toBe('node one.js')
    fireEvent.click(screen.getByTestId('install-link-cancel'))
    await waitFor(() => expect(screen.getByTestId('install-link-command').textContent).toBe('node two.js'))
  })
})
