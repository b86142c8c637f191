import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { helloArchive, helloManifest } from './helloArchive'
import { cleanupServers, renderServers, rowOf, waitForStatus } from '../servers/serversSupport'
import { anyKindFields } from '@shared/mcp/server'

afterEach(cleanupServers)

async function openInstall() {
  fireEvent.click(screen.getByTestId('add-server'))
  fireEvent.click(await screen.findByTestId('add-menu-extension'))
  return screen.findByTestId('extension-dialog')
}

function choose(bytes: Buffer | string, name = 'hello.mcpb') {
  const input = screen.getByTestId('extension-file-input')
  fireEvent.change(input, { target: { files: [new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name)] } })
}

/** the same archive with a signature block that does not verify */
function badlySigned(archive: Buffer): Buffer {
  const junk = Buffer.from('not a real pkcs7 signature')
  const length = Buffer.alloc(4)
  length.writeUInt32LE(junk.length)
  return Buffer.concat([archive, Buffer.from('MCPB_SIG_V1'), length, junk, Buffer.from('MCPB_SIG_END')])
}

/** every extensions:discard the window sends */
function watchDiscards(api: { extensions: { discard: (args: { stageId: string }) => Promise<void> } }): string[] {
  const discarded: string[] = []
  const discard = api.extensions.discard.bind(api.extensions)
  api.extensions.discard = (args) => {
    discarded.push(args.stageId)
    return discard(args)
  }
  return discarded
}

describe('installing a desktop extension', () => {
  it('shows what it is and the command it runs, asks for its required setting, installs, and the server connects', async () => {
    const { api, registry } = await renderServers()
    await openInstall()
    choose(await helloArchive())
    const preview = await screen.findByTestId('extension-preview', {}, { timeout: 15_000 })
    expect(within(preview).getByTestId('extension-name').textContent).toBe('Hello Extension 1.0.0')
    expect(within(preview).getByTestId('extension-author').textContent).toBe('by Test Author')
    expect(within(preview).getByTestId('extension-signature').dataset.status).toBe('unsigned')
    expect(within(preview).getAllByTestId('extension-tool').map((li) => li.textContent)).toEqual(['hello — Greets someone'])
    expect(within(preview).getAllByTestId('extension-prompt').map((li) => li.textContent)).toEqual(['welcome — A welcome'])
    expect(within(preview).getByTestId('extension-command').textContent).toMatch(/^node .*server\/index\.mjs$/)
    // the environment it gets, with the settings it takes and which of them are required
    const env = within(preview).getAllByTestId('extension-env')
    expect(env.map((line) => line.querySelector('code')?.textContent)).toEqual(['GREETING=${user_config.greeting}', 'API_KEY=${user_config.api_key}'])
    expect(within(env[0]).getByTestId('extension-env-required').textContent).toBe('required: Greeting')
    expect(within(env[1]).queryByTestId('extension-env-required')).toBeNull()
    // the sensitive setting is masked
    expect((screen.getByTestId('user-config-api_key') as HTMLInputElement).type).toBe('password')

    // Install without the required greeting: the form says so, nothing is installed
    fireEvent.click(screen.getByTestId('extension-install'))
    expect(await screen.findByText('“Greeting” is required')).toBeTruthy()
    expect(registry.snapshot().servers).toEqual([])

    fireEvent.change(screen.getByTestId('user-config-greeting'), { target: { value: 'Howdy' } })
    fireEvent.click(screen.getByTestId('extension-install'))
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull(), { timeout: 15_000 })
    const [server] = registry.snapshot().servers
    expect(server).toMatchObject({ name: 'Hello Extension', installSource: 'dxt', dxtVersion: '1.0.0', userConfig: { greeting: 'Howdy' } })
    await waitForStatus('Hello Extension', 'connected')
    await waitFor(() => expect(Number(rowOf('Hello Extension').querySelector('[data-testid="server-tool-count"]')?.getAttribute('data-count'))).toBeGreaterThan(0))
    // the setting reached the server
    const result = await api.mcp.callTool({ serverId: server.id, name: 'hello', args: { name: 'Ada' } })
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^Howdy, Ada!/) })
  })

  it('Cancel on the preview discards the staged archive and installs nothing', async () => {
    const { api, registry } = await renderServers()
    const discarded = watchDiscards(api)
    await openInstall()
    choose(await helloArchive())
    await screen.findByTestId('extension-preview', {}, { timeout: 15_000 })
    fireEvent.click(screen.getByTestId('extension-cancel'))
    await waitFor(() => expect(discarded).toHaveLength(1))
    expect(screen.queryByTestId('extension-dialog')).toBeNull()
    expect(registry.snapshot().servers).toEqual([])
  })

  it('a file that is not an archive: the reason and what to do, nothing installed', async () => {
    const { registry } = await renderServers()
    const dialog = await openInstall()
    choose('this is not a zip file')
    const error = await within(dialog).findByTestId('extension-stage-error', {}, { timeout: 15_000 })
    expect(within(error).getByTestId('error-sentence').textContent).toBe('This file is not a readable extension archive.')
    expect(error.textContent).toContain('Choose another file')
    // another kind of file is named and refused before anything is sent
    choose('{}', 'notes.txt')
    expect((await within(dialog).findByTestId('extension-stage-error')).textContent).toContain('“notes.txt” is not a desktop extension')
    expect(registry.snapshot().servers).toEqual([])
  })

  it('an invalid signature must be confirmed before Install is possible; a manifest for another OS cannot be installed', async () => {
    const { registry } = await renderServers([], { language: 'zh-CN' })
    await openInstall()
    const plain = helloManifest({
      user_config: {},
      server: { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'] } }
    })
    choose(badlySigned(await helloArchive(plain)))
    const signature = await screen.findByTestId('extension-signature', {}, { timeout: 15_000 })
    expect(signature.dataset.status).toBe('invalid')
    expect(signature.textContent).toBe('签名无效')
    const install = screen.getByTestId('extension-install')
    expect(install).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByTestId('extension-accept-invalid'))
    expect(install).toHaveProperty('disabled', false)
    fireEvent.click(install)
    await waitFor(() => expect(registry.snapshot().servers.map((s) => s.name)).toEqual(['Hello Extension']), { timeout: 15_000 })
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull())

    await openInstall()
    const other = process.platform === 'win32' ? 'darwin' : 'win32'
    choose(await helloArchive({ ...plain, name: 'other-os', compatibility: { platforms: [other] } }))
    expect(await screen.findByTestId('extension-incompatible', {}, { timeout: 15_000 })).toBeTruthy()
    expect(screen.getByTestId('extension-install')).toHaveProperty('disabled', true)
  })

  it('a file dropped on the window opens the dialog with it', async () => {
    await renderServers()
    const file = new File([new Uint8Array(await helloArchive())], 'hello.mcpb')
    const dataTransfer = { types: ['Files'], files: [file] }
    act(() => {
      window.dispatchEvent(Object.assign(new Event('dragenter'), { dataTransfer }))
    })
    expect(screen.getByTestId('extension-drop-overlay')).toBeTruthy()
    act(() => {
      window.dispatchEvent(Object.assign(new Event('drop', { cancelable: true }), { dataTransfer }))
    })
    expect(screen.queryByTestId('extension-drop-overlay')).toBeNull()
    expect((await screen.findByTestId('extension-name', {}, { timeout: 15_000 })).textContent).toBe('Hello Extension 1.0.0')
  })
})

describe("an installed extension's settings in the editor", () => {
  it('shows the stored values (the sensitive one masked), and saves a change keeping the masked one', async () => {
    const { api, registry } = await renderServers()
    const preview = await api.extensions.stage({ fileName: 'hello.mcpb', dataBase64: (await helloArchive()).toString('base64') })
    const installed = await api.extensions.install({ stageId: preview.stageId, userConfig: { greeting: 'Hi', api_key: 'sk-stored-secret' } })
    fireEvent.click(within(await waitFor(() => rowOf('Hello Extension'))).getByTestId('server-edit'))
    await screen.findByTestId('server-editor', {}, { timeout: 15_000 })
    const settings = await screen.findByTestId('extension-settings', {}, { timeout: 15_000 })
    const greeting = (await within(settings).findByTestId('user-config-greeting')) as HTMLInputElement
    expect(greeting.value).toBe('Hi')
    const key = within(settings).getByTestId('user-config-api_key') as HTMLInputElement
    expect(key.type).toBe('password')
    expect(key.value).not.toContain('sk-stored-secret')

    fireEvent.change(greeting, { target: { value: 'Good day' } })
    fireEvent.click(within(settings).getByTestId('extension-settings-save'))
    await waitFor(() => expect(anyKindFields(registry.get(installed.id)!).userConfig).toEqual({ greeting: 'Good day', api_key: 'sk-stored-secret' }))
    expect(screen.queryByTestId('extension-settings-error')).toBeNull()
  })
})

describe('the settings form, every kind of field', () => {
  const allKinds = () =>
    helloManifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.mjs', '--port', '${user_config.port}', '--verbose=${user_config.verbose}', '${user_config.folders}', '--log', '${user_config.log_file}'],
          env: { GREETING: '${user_config.greeting}' }
        }
      },
      user_config: {
        greeting: { type: 'string', title: 'Greeting', description: 'How to greet', default: 'Hello' },
        port: { type: 'number', title: 'Port', description: 'Where to listen', min: 1024, max: 65535, required: true },
        verbose: { type: 'boolean', title: 'Verbose', description: 'Log more', default: true },
        folders: { type: 'directory', title: 'Folders', description: 'Allowed folders', multiple: true, required: true },
        log_file: { type: 'file', title: 'Log file', description: 'Where to log', required: false }
      }
    })

  it("in the desktop app, Browse… opens the system's folder picker for a folder and its file picker for a file", async () => {
    const asked: string[] = []
    const electron = {
      pickFolder: async () => (asked.push('folder'), '/srv/picked'),
      pickFile: async () => (asked.push('file'), '/var/log/picked.log')
    }
    await renderServers([], { main: { electron } })
    await openInstall()
    choose(await helloArchive(allKinds()))
    const form = await screen.findByTestId('user-config-form', {}, { timeout: 15_000 })
    const [folders, logFile] = ['folders', 'log_file'].map((key) => within(form).getByTestId(`user-config-${key}`).closest<HTMLElement>('.ant-form-item')!)
    fireEvent.click(await within(folders).findByTestId('user-config-browse'))
    await waitFor(() => expect(folders.textContent).toContain('/srv/picked'))
    fireEvent.click(within(logFile).getByTestId('user-config-browse'))
    await waitFor(() => expect((within(form).getByTestId('user-config-log_file') as HTMLInputElement).value).toBe('/var/log/picked.log'))
    expect(asked).toEqual(['folder', 'file'])
  })

  it('numbers within their range, a switch, several folders, a file; defaults as hints; required marks', async () => {
    const { registry } = await renderServers()
    await openInstall()
    choose(await helloArchive(allKinds()))
    const form = await screen.findByTestId('user-config-form', {}, { timeout: 15_000 })
    // a default is a hint, not a value, and makes the field optional
    const greeting = within(form).getByTestId('user-config-greeting') as HTMLInputElement
    expect(greeting.value).toBe('')
    expect(greeting.placeholder).toBe('Hello')
    expect(form.textContent).toContain('Default: Hello')
    expect(form.textContent).toContain('From 1024 to 65535')
    expect(form.querySelectorAll('.ant-form-item-required').length).toBe(2)
    // the switch shows its default
    expect(within(form).getByTestId('user-config-verbose').getAttribute('aria-checked')).toBe('true')
    // browser mode has no folder picker: the paths are typed
    expect(within(form).queryByTestId('user-config-browse')).toBeNull()

    fireEvent.click(screen.getByTestId('extension-install'))
    expect(await screen.findByText('“Port” is required')).toBeTruthy()
    expect(screen.getByText('“Folders” is required')).toBeTruthy()

    fireEvent.change(within(form).getByTestId('user-config-port'), { target: { value: '8080' } })
    fireEvent.click(within(form).getByTestId('user-config-verbose'))
    const folders = within(form).getByTestId('user-config-folders').querySelector('input')!
    for (const folder of ['/srv/a', '/srv/b']) {
      fireEvent.change(folders, { target: { value: folder } })
      fireEvent.keyDown(folders, { key: 'Enter', keyCode: 13 })
    }
    fireEvent.change(within(form).getByTestId('user-config-log_file'), { target: { value: '/var/log/hello.log' } })
    fireEvent.click(screen.getByTestId('extension-install'))
    await waitFor(() => expect(registry.snapshot().servers).toHaveLength(1), { timeout: 15_000 })
    // empty ones left out (their defaults apply at start), the rest as their kind
    expect(anyKindFields(registry.snapshot().servers[0]).userConfig).toEqual({ port: 8080, verbose: false, folders: ['/srv/a', '/srv/b'], log_file: '/var/log/hello.log' })
    // the dialog closes once the install returned: the test ends after the page has settled, not
    // while the dialog still updates (after the last test, with no window left to update)
    await waitFor(() => expect(screen.queryByTestId('extension-dialog')).toBeNull())
  })
})
