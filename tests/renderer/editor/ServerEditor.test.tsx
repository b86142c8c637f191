import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLoginShellEnvLoader } from '../../../src/main/services/mcp/shellEnv'
import { registryFreeEnv } from '../../support/registryFreeEnv'
import { cleanupServers, everything, fixture, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'
import { cachedApprovals, cachedServers } from '../support/cachedServers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(cleanupServers)

const field = (name: string) => screen.getByTestId(`editor-${name}`) as HTMLInputElement
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })

describe('server editor: General', () => {
  it('quick create opens a blank stdio server; Create is refused until it has a command, then it is added (stopped)', async () => {
    const { store } = await renderServers()
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-quick'))
    await screen.findByTestId('server-editor')
    expect(screen.getByTestId('editor-title').textContent).toBe('New server')
    expect(field('name').value).toBe('New server')

    fireEvent.click(screen.getByTestId('editor-save'))
    expect((await screen.findByTestId('editor-error-command')).textContent).toBe('A stdio server needs a command.')
    expect(cachedServers(store)).toEqual([])

    type('command', 'node')
    type('args', 'server.js\n\n  --flag value  \n')
    await waitFor(() => expect(screen.queryByTestId('editor-error-command')).toBeNull())
    fireEvent.click(screen.getByTestId('editor-save'))
    await waitFor(() => expect(cachedServers(store)).toHaveLength(1))
    const [created] = cachedServers(store)
    expect(created).toMatchObject({ name: 'New server', type: 'stdio', command: 'node', args: ['server.js', '--flag value'], isActive: false, installSource: 'manual' })
    await waitFor(() => expect(screen.getByTestId('server-editor').dataset.serverId).toBe(created.id))
    expect(window.location.hash).toBe(`#server=${created.id}`)
  })

  it('validates inline with the field named: env lines, a taken name, a URL; values stay masked until shown', async () => {
    const local = { id: 'l', name: 'Local', type: 'stdio' as const, command: 'node', ui: { description: 'old' }, env: { API_KEY: 'sk-secret' }, isActive: false }
    const { store } = await renderServers([local, { id: 'o', name: 'Other', type: 'stdio', command: 'x', isActive: false }])
    fireEvent.click(within(rowOf('Local')).getByTestId('server-edit'))
    await screen.findByTestId('general-tab')
    expect(field('env').value).toBe('API_KEY=••••••')
    expect(field('env').value).not.toContain('sk-secret')
    fireEvent.click(screen.getByTestId('editor-env-reveal'))
    expect(field('env').value).toBe('API_KEY=sk-secret')

    type('env', 'API_KEY=sk-secret\nnot a pair')
    expect((await screen.findByTestId('editor-error-env')).textContent).toContain('Line 2 is not KEY=value')
    type('name', 'other')
    expect((await screen.findByTestId('editor-error-name')).textContent).toBe('Another server is already called “other”.')
    fireEvent.click(screen.getByTestId('editor-save'))
    expect(cachedServers(store)[0]).toEqual(local)

    type('env', 'API_KEY=sk-secret\nDEBUG=1')
    type('name', 'Local 2')
    type('description', '')
    fireEvent.click(screen.getByTestId('editor-save'))
    await waitFor(() => expect(cachedServers(store)[0].name).toBe('Local 2'))
    expect(cachedServers(store)[0]).toEqual({ id: 'l', name: 'Local 2', type: 'stdio', command: 'node', env: { API_KEY: 'sk-secret', DEBUG: '1' }, isActive: false })

    // switching to a remote type asks for an http(s) URL
    fireEvent.click(within(screen.getByTestId('editor-type')).getByText('Streamable HTTP'))
    type('baseUrl', 'ftp://example.com')
    expect((await screen.findByTestId('editor-error-baseUrl')).textContent).toBe('Must be an http:// or https:// URL.')
  })

  it('a URL added with no protocol shows as detected with its URL fields; picking SSE saves it as SSE, the URL kept', async () => {
    const auto = { id: 'a', name: 'auto', type: 'httpAuto' as const, baseUrl: 'http://127.0.0.1:1/mcp', headers: { 'X-Team': 'blue' }, isActive: false }
    const { registry } = await renderServers([auto])
    fireEvent.click(within(rowOf('auto')).getByTestId('server-edit'))
    await screen.findByTestId('general-tab')
    const kinds = screen.getByTestId('editor-type')
    expect(within(kinds).getByText('Auto (Streamable HTTP, then SSE)')).toBeTruthy()
    expect(field('baseUrl').value).toBe('http://127.0.0.1:1/mcp')
    expect(field('headers').value).toBe('X-Team: blue')
    expect(screen.queryByTestId('editor-command')).toBeNull()
    fireEvent.click(within(kinds).getByText('SSE'))
    fireEvent.click(screen.getByTestId('editor-save'))
    await waitFor(() => expect(registry.get('a')).toMatchObject({ type: 'sse', baseUrl: 'http://127.0.0.1:1/mcp', headers: { 'X-Team': 'blue' } }))
  })

  it('Save of a cosmetic edit leaves the running server be; the tabs count what it offers', async () => {
    const { store, service, manager, api } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    const pid = service.pidOf(everything())
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
    const tools = await api.mcp.listTools({ serverId: 'everything' })
    await waitFor(() => expect(screen.getByTestId('editor-tab-tools').textContent).toBe(`Tools (${tools.length})`))

    type('description', 'only words')
    fireEvent.click(screen.getByTestId('editor-save'))
    expect(await screen.findByText('Everything was saved.')).toBeTruthy()
    expect(cachedServers(store)[0].ui?.description).toBe('only words')
    await manager.settled()
    expect(service.pidOf(everything({ ui: { description: 'only words' } }))).toBe(pid)
    expect(screen.getByTestId('server-status').dataset.status).toBe('connected')

    fireEvent.click(screen.getByTestId('editor-tab-tools'))
    expect(await screen.findByTestId('tools-tab')).toBeTruthy()
    expect(window.location.hash).toBe('#server=everything&tab=tools')
  })

  it('Save of a new launch definition on an active server: the editor approves what the user typed, main restarts it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-cwd-'))
    try {
      const { store, service } = await renderServers([everything()])
      await waitForStatus('Everything', 'connected')
      const pid = service.pidOf(everything())
      fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
      await screen.findByTestId('general-tab')
      // a new folder is a new target: it needs an approval, which typing it here gives
      type('cwd', dir)
      fireEvent.click(screen.getByTestId('editor-save'))
      expect(await screen.findByText('Everything was saved.')).toBeTruthy()
      expect(anyKindFields(cachedServers(store)[0]).cwd).toBe(dir)
      expect(cachedApprovals(store)).toEqual({ everything: true })
      await waitFor(() => {
        const now = service.pidOf(everything({ cwd: dir }))
        expect(now).toBeGreaterThan(0)
        expect(now).not.toBe(pid)
      }, { timeout: 20_000 })
      await waitFor(() => expect(screen.getByTestId('server-status').dataset.status).toBe('connected'), { timeout: 20_000 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a change of roots only is told to the running server (roots/list_changed), without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-roots-'))
    const events = join(dir, 'events.log')
    const read = () => {
      try {
        return readFileSync(events, 'utf8')
      } catch {
        return ''
      }
    }
    try {
      const lab = { id: 'lab', name: 'Lab', type: 'stdio' as const, command: process.execPath, args: [fixture('lab.mjs')], env: { EVENTS_FILE: events }, isActive: true }
      const { store, service } = await renderServers([lab])
      await waitForStatus('Lab', 'connected')
      const pid = service.pidOf(lab)
      fireEvent.click(within(rowOf('Lab')).getByTestId('server-edit'))
      await screen.findByTestId('general-tab')
      type('roots', `${dir}\n`)
      fireEvent.click(screen.getByTestId('editor-save'))
      await waitFor(() => expect(read()).toContain('notification notifications/roots/list_changed'), { timeout: 15_000 })
      expect(cachedServers(store)[0].roots).toEqual([dir])
      expect(service.pidOf(lab)).toBe(pid)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a restart of the server keeps the open tab, the tool runner and its result on screen, with a notice while it reconnects', async () => {
    const { service } = await renderServers([everything()])
    await waitForStatus('Everything', 'connected')
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
    fireEvent.click(await screen.findByTestId('editor-tab-tools', {}, { timeout: 20_000 }))
    fireEvent.click(await screen.findByTestId('tool-run-echo', {}, { timeout: 20_000 }))
    const body = await screen.findByTestId('tool-runner-body')
    fireEvent.change(within(body).getByLabelText(/^message/), { target: { value: 'before the restart' } })
    fireEvent.click(screen.getByTestId('runner-run'))
    expect((await screen.findByTestId('tool-result', {}, { timeout: 20_000 })).textContent).toContain('Echo: before the restart')

    const restarted = service.restartServer(everything())
    expect((await screen.findByTestId('editor-reconnecting', {}, { timeout: 20_000 })).textContent).toContain('Reconnecting to Everything')
    expect(screen.getByTestId('tool-result').textContent).toContain('Echo: before the restart')
    expect(screen.queryByTestId('editor-not-connected')).toBeNull()
    await restarted
    await waitFor(() => expect(screen.queryByTestId('editor-reconnecting')).toBeNull(), { timeout: 20_000 })
    expect(screen.getByTestId('tool-runner-body')).toBe(body)
    expect(screen.getByTestId('tool-result').textContent).toContain('Echo: before the restart')
  })

  it('a field cleared or a switch turned off is saved as such, also right after another save', async () => {
    const plain = { id: 'x', name: 'x', type: 'stdio' as const, command: 'node', args: ['x.js'], ui: { description: 'to be cleared' }, isActive: false }
    const { registry } = await renderServers([plain])
    fireEvent.click(within(rowOf('x')).getByTestId('server-edit'))
    await screen.findByTestId('server-editor')
    const saveButton = () => screen.getByTestId('editor-save') as HTMLButtonElement
    // done saving: not dirty any more, and no spinner (a loading button takes no clicks)
    const saved = () => waitFor(() => expect(saveButton().disabled && !saveButton().classList.contains('ant-btn-loading')).toBe(true))
    fireEvent.click(screen.getByTestId('editor-long-running'))
    fireEvent.click(saveButton())
    await waitFor(() => expect(registry.get('x')?.longRunning).toBe(true))
    await saved()
    // browser mode's JSON wire drops an undefined value: the clear must still reach main
    fireEvent.click(screen.getByTestId('editor-long-running'))
    type('description', '')
    fireEvent.click(saveButton())
    await waitFor(() => expect(registry.get('x')).not.toHaveProperty('longRunning'))
    expect(registry.get('x')).not.toHaveProperty('ui.description')
  })

  it('a stopped server offers to start it instead of its Tools tab', async () => {
    await renderServers([everything({ isActive: false })])
    fireEvent.click(within(rowOf('Everything')).getByTestId('server-edit'))
    fireEvent.click(await screen.findByTestId('editor-tab-tools'))
    expect((await screen.findByTestId('editor-not-connected')).textContent).toContain('Everything is stopped')
    expect(screen.queryByTestId('tools-tab')).toBeNull()
    fireEvent.click(screen.getByTestId('editor-start'))
    expect(await screen.findByTestId('tools-tab', {}, { timeout: 20_000 })).toBeTruthy()
  })
})

describe('server editor: a server that failed', () => {
  it("every tab, General included, shows main's code as a sentence, its detail beneath, and a Retry that tries again", async () => {
    const gone = join(tmpdir(), `mcp-editor-gone-${process.pid}`)
    const files = { id: 'files', name: '@studio/filesystem', type: 'inMemory' as const, args: [gone], isActive: true }
    await renderServers([files])
    await waitForStatus('@studio/filesystem', 'error')
    fireEvent.click(within(rowOf('@studio/filesystem')).getByTestId('server-edit'))

    const failure = await screen.findByTestId('editor-failure', {}, { timeout: 20_000 })
    expect(screen.getByTestId('editor-tab-general').closest('[aria-selected]')?.getAttribute('aria-selected')).toBe('true')
    expect(failure.textContent).toContain('@studio/filesystem could not start')
    expect(failure.querySelector('[data-code]')?.getAttribute('data-code')).toBe('BAD_CONFIG')
    expect(within(failure).getByTestId('error-sentence').textContent).toBe("The server's configuration is not usable.")
    expect(within(failure).getByTestId('error-detail').textContent).toContain(`the folder "${gone}" in args does not exist`)

    // the same one on the other tabs; a tab that needs a connection does not repeat it
    for (const tab of ['tools', 'logs', 'messages']) {
      fireEvent.click(screen.getByTestId(`editor-tab-${tab}`))
      await waitFor(() => expect(screen.getByTestId('editor-failure')).toBeTruthy())
    }
    fireEvent.click(screen.getByTestId('editor-tab-tools'))
    expect((await screen.findByTestId('editor-not-connected')).querySelectorAll('[data-testid="error-detail"]')).toHaveLength(0)
    expect(screen.getAllByTestId('editor-retry')).toHaveLength(1)

    // Retry starts it again; with the folder made it connects and the failure goes
    mkdirSync(gone)
    try {
      fireEvent.click(screen.getByTestId('editor-retry'))
      await waitFor(() => expect(screen.queryByTestId('editor-failure')).toBeNull(), { timeout: 20_000 })
      expect(await screen.findByTestId('tools-tab', {}, { timeout: 20_000 })).toBeTruthy()
    } finally {
      rmSync(gone, { recursive: true, force: true })
    }
  })
})

describe('server editor: the package registry', () => {
  const homes: string[] = []
  afterEach(() => {
    while (homes.length) rmSync(homes.pop()!, { recursive: true, force: true })
  })

  /** A user whose ~/.npmrc and pip.conf name mirrors, and whose environment names none. */
  function userWithMirrors() {
    const home = mkdtempSync(join(tmpdir(), 'mcp-home-'))
    homes.push(home)
    writeFileSync(join(home, '.npmrc'), 'registry=https://npm.mirror.example/\n')
    mkdirSync(join(home, '.config', 'pip'), { recursive: true })
    writeFileSync(join(home, '.config', 'pip', 'pip.conf'), '[global]\nindex-url = https://pypi.mirror.example/simple\n')
    return { home, loginShellEnv: createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: registryFreeEnv() }) }
  }

  async function registryOptions(): Promise<string[]> {
    fireEvent.mouseDown(within(screen.getByTestId('editor-registry')).getByRole('combobox'))
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option-content').length).toBeGreaterThan(2))
    return [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent ?? '')
  }

  it('offers the mirror the user set up for npx (not the pip one); picking it is saved as the registry', async () => {
    const local = { id: 'n', name: 'Npx server', type: 'stdio' as const, command: 'npx', args: ['-y', 'some-mcp'], isActive: false }
    const { store } = await renderServers([local], { main: userWithMirrors() })
    fireEvent.click(within(rowOf('Npx server')).getByTestId('server-edit'))
    await screen.findByTestId('general-tab', {}, { timeout: 20_000 })
    const options = await registryOptions()
    expect(options).toEqual(['Default', 'npm: https://npm.mirror.example/ (from ~/.npmrc)', 'Custom URL'])
    fireEvent.click(screen.getByText('npm: https://npm.mirror.example/ (from ~/.npmrc)'))
    fireEvent.click(screen.getByTestId('editor-save'))
    await waitFor(() => expect(anyKindFields(cachedServers(store)[0]).registryUrl).toBe('https://npm.mirror.example/'))
    expect(screen.queryByTestId('editor-registry-url')).toBeNull()
  })

  it('for uvx the pip mirror is offered, in Chinese too', async () => {
    const local = { id: 'u', name: 'Uvx server', type: 'stdio' as const, command: 'uvx', args: ['some-mcp'], isActive: false }
    await renderServers([local], { language: 'zh-CN', main: userWithMirrors() })
    fireEvent.click(within(rowOf('Uvx server')).getByTestId('server-edit'))
    await screen.findByTestId('general-tab', {}, { timeout: 20_000 })
    expect(await registryOptions()).toEqual(['默认', 'pip：https://pypi.mirror.example/simple（来自 ~/.config/pip/pip.conf）', '自定义 URL'])
  })
})
