import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import { cleanupServers, renderServers, rowOf, waitForStatus } from './serversSupport'
import { anyKindFields } from '@shared/mcp/server'

const folders: string[] = []
afterEach(async () => {
  await cleanupServers()
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true })
})

const card = (key: string) => {
  const found = screen.getAllByTestId('catalogue-card').find((c) => c.dataset.key === key)
  if (!found) throw new Error(`no card for ${key}`)
  return found
}
const keysIn = (testId: string) => within(screen.getByTestId(testId)).getAllByTestId('catalogue-card').map((c) => c.dataset.key)

describe('first run: the built-ins and presets', () => {
  it('the empty list shows the built-ins, then the presets, each with its own Add', async () => {
    await renderServers()
    const list = screen.getByTestId('server-list')
    expect(within(list).getByTestId('server-list-empty').textContent).toContain('No MCP servers yet')
    expect(keysIn('catalogue-builtins')).toEqual(['memory', 'filesystem', 'sequentialThinking', 'fetch'])
    expect(keysIn('catalogue-presets')).toEqual(['nowledgeMem', 'flomo', 'mcpAutoInstall'])
    expect(card('memory').textContent).toContain('Memory')
    expect(card('memory').textContent).toContain('knowledge graph')
    expect(card('filesystem').textContent).toContain('Asks for a folder')
    expect(card('nowledgeMem').textContent).toContain('http://127.0.0.1:14242/mcp')
    // a button with the entry's name, so a screen reader says what Add adds
    expect(within(card('fetch')).getByRole('button', { name: 'Add Fetch' })).toBeTruthy()
  })

  it('Add memory: a built-in, switched on and connected at once with no approval asked, then shown as Added', async () => {
    const { registry } = await renderServers()
    fireEvent.click(screen.getByTestId('catalogue-add-memory'))
    await waitForStatus(BuiltinServerNames.memory, 'connected')
    const row = rowOf(BuiltinServerNames.memory)
    expect(within(row).getByTestId('server-builtin-tag').textContent).toBe('Built-in')
    expect(within(row).queryByTestId('server-type')).toBeNull()
    expect(within(row).getByTestId('server-switch').getAttribute('aria-checked')).toBe('true')
    await waitFor(() => expect(within(row).getByTestId('server-tool-count').dataset.count).toBe('9'))
    expect(screen.queryByTestId('approval-dialog')).toBeNull()
    const saved = registry.snapshot().servers
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: '@studio/memory', type: 'inMemory', installSource: 'builtin', isActive: true })
    expect(saved[0].ui?.description).toContain('knowledge graph')

    // the list is not empty any more: the cards are under Add server, memory marked Added
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-catalogue'))
    const dialog = await screen.findByTestId('catalogue-dialog')
    const memory = within(dialog).getAllByTestId('catalogue-card').find((c) => c.dataset.key === 'memory')!
    expect(within(memory).getByTestId('catalogue-added').textContent).toContain('Added')
    expect(within(memory).queryByTestId('catalogue-add-memory')).toBeNull()
    expect(within(dialog).getByTestId('catalogue-add-sequentialThinking')).toBeTruthy()
  })

  it('filesystem asks for its folder first (a path field in browser mode) and puts it in its args', async () => {
    const { registry } = await renderServers()
    const folder = mkdtempSync(join(tmpdir(), 'mcp-fs-folder-'))
    folders.push(folder)
    fireEvent.click(screen.getByTestId('catalogue-add-filesystem'))
    const input = await screen.findByTestId('folder-path-input')
    expect(screen.getByText('Choose a folder for Filesystem')).toBeTruthy()

    fireEvent.click(screen.getByTestId('folder-path-submit'))
    expect((await screen.findByTestId('folder-path-error')).textContent).toBe('Enter the path of a folder')
    fireEvent.change(input, { target: { value: 'Documents/notes' } })
    await waitFor(() => expect(screen.getByTestId('folder-path-error').textContent).toContain('Enter a full path'))
    expect(registry.snapshot().servers).toEqual([])

    fireEvent.change(input, { target: { value: `  ${folder}  ` } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(registry.snapshot().servers).toHaveLength(1))
    expect(registry.snapshot().servers[0]).toMatchObject({ name: '@studio/filesystem', type: 'inMemory', args: [folder], installSource: 'builtin' })
    await screen.findAllByTestId('server-list-item')
    expect(within(rowOf(BuiltinServerNames.filesystem)).getByTestId('server-builtin-tag')).toBeTruthy()
  })

  it('a folder that does not exist is refused by main: the error under the field names it, the dialog stays, nothing is added', async () => {
    const { registry } = await renderServers()
    const folder = mkdtempSync(join(tmpdir(), 'mcp-fs-folder-'))
    folders.push(folder)
    const gone = join(folder, 'not-there')
    fireEvent.click(screen.getByTestId('catalogue-add-filesystem'))
    const input = await screen.findByTestId('folder-path-input')
    fireEvent.change(input, { target: { value: gone } })
    fireEvent.click(screen.getByTestId('folder-path-submit'))

    const refused = await screen.findByTestId('folder-path-refused')
    expect(refused.dataset.code).toBe('INVALID_SERVER')
    expect(within(refused).getByTestId('error-sentence').textContent).toBe('This server configuration is not valid.')
    expect(within(refused).getByTestId('error-detail').textContent).toContain(`the folder "${gone}" in args does not exist`)
    expect(screen.getByTestId('folder-path-input')).toBeTruthy()
    expect(registry.snapshot().servers).toEqual([])

    // a new path clears it; one that exists is added and closes the dialog
    fireEvent.change(input, { target: { value: folder } })
    await waitFor(() => expect(screen.queryByTestId('folder-path-refused')).toBeNull())
    fireEvent.click(screen.getByTestId('folder-path-submit'))
    await waitFor(() => expect(registry.snapshot().servers).toHaveLength(1))
    await waitFor(() => expect(screen.queryByTestId('folder-path-input')).toBeNull())
  })

  it('cancelling the folder adds nothing', async () => {
    const { registry } = await renderServers()
    fireEvent.click(screen.getByTestId('catalogue-add-filesystem'))
    await screen.findByTestId('folder-path-input')
    fireEvent.click(screen.getByTestId('folder-path-cancel'))
    await waitFor(() => expect(screen.queryByTestId('folder-path-input')).toBeNull())
    expect(registry.snapshot().servers).toEqual([])
    expect(screen.getByTestId('catalogue-add-filesystem')).toBeTruthy()
  })

  it('a preset is added as an ordinary server, off, and starting it asks for approval of its URL first', async () => {
    const { registry, service } = await renderServers()
    fireEvent.click(screen.getByTestId('catalogue-add-flomo'))
    const row = await waitFor(() => rowOf('flomo'))
    expect(within(row).getByTestId('server-type').textContent).toBe('Streamable HTTP')
    expect(within(row).queryByTestId('server-builtin-tag')).toBeNull()
    expect(within(row).getByTestId('server-target').textContent).toBe('https://flomoapp.com/mcp')
    expect(within(row).getByTestId('server-switch').getAttribute('aria-checked')).toBe('false')
    const [saved] = registry.snapshot().servers
    expect(saved).toMatchObject({ name: 'flomo', type: 'streamableHttp', baseUrl: 'https://flomoapp.com/mcp', installSource: 'preset', isActive: false })
    expect(registry.isApproved(saved.id)).toBe(false)

    fireEvent.click(within(row).getByTestId('server-switch'))
    const approval = await screen.findByTestId('approval-dialog')
    expect(within(approval).getByTestId('approval-command').textContent).toBe('https://flomoapp.com/mcp')
    // the user picked it from the app's own list: not "added from outside the app"
    expect(within(approval).getByTestId('approval-warning').textContent).toContain("app's list of ready-made servers")
    fireEvent.click(screen.getByTestId('approval-cancel'))
    await waitFor(() => expect(within(row).getByTestId('server-switch')).toHaveProperty('disabled', false))
    expect(within(row).getByTestId('server-switch').getAttribute('aria-checked')).toBe('false')
    expect(registry.isApproved(saved.id)).toBe(false)
    expect(service.pidOf(saved)).toBeUndefined()
  })

  it('mcp-auto-install is added as the npx command it runs', async () => {
    const { registry } = await renderServers()
    fireEvent.click(screen.getByTestId('catalogue-add-mcpAutoInstall'))
    await waitFor(() => expect(registry.snapshot().servers).toHaveLength(1))
    expect(registry.snapshot().servers[0]).toMatchObject({
      name: 'mcp-auto-install',
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@mcpmarket/mcp-auto-install', 'connect', '--json'],
      isActive: false
    })
    expect(within(rowOf('mcp-auto-install')).getByTestId('server-target').textContent).toBe('npx -y @mcpmarket/mcp-auto-install connect --json')
  })

  it('the cards and their tags in Chinese', async () => {
    await renderServers([], { language: 'zh-CN' })
    expect(card('memory').textContent).toContain('记忆')
    expect(card('memory').textContent).toContain('内置')
    expect(card('flomo').textContent).toContain('预设')
    expect(within(card('memory')).getByTestId('catalogue-add-memory').textContent).toContain('添加')
  })
})

describe('a built-in in the list and the editor', () => {
  const memory = { id: 'mem', name: BuiltinServerNames.memory, type: 'inMemory' as const, args: ['--keep'], env: { MEMORY_FILE_PATH: 'graph.jsonl' }, isActive: false }
  const stdio = { id: 'plain', name: 'plain', type: 'stdio' as const, command: 'node', args: ['x.js'], isActive: false }

  it('wears the Built-in tag, its catalogue title and icon; other servers show their transport', async () => {
    await renderServers([memory, stdio])
    const row = rowOf(BuiltinServerNames.memory)
    expect(within(row).getByTestId('server-builtin-tag').textContent).toBe('Built-in')
    // not an anonymous "@": the catalogue's title and picture, the real name beside it
    expect(within(row).getByTestId('server-name').textContent).toBe('Memory')
    expect(within(row).getByTestId('server-real-name').textContent).toBe(BuiltinServerNames.memory)
    expect(within(row).getByTestId('server-builtin-icon')).toBeTruthy()
    expect(within(rowOf('plain')).getByTestId('server-name').textContent).toBe('plain')
    expect(within(rowOf('plain')).queryByTestId('server-real-name')).toBeNull()
    expect(within(rowOf('plain')).getByTestId('server-initial').textContent).toBe('P')
    expect(within(rowOf('plain')).queryByTestId('server-builtin-tag')).toBeNull()
    expect(within(rowOf('plain')).getByTestId('server-type').textContent).toBe('Stdio')
    // not the first run: no cards on the list itself
    expect(screen.queryByTestId('catalogue')).toBeNull()
  })

  it('the editor offers its args and env, not a command or URL, keeps its name, and saves args and env', async () => {
    const { registry } = await renderServers([memory])
    fireEvent.click(within(rowOf(BuiltinServerNames.memory)).getByTestId('server-edit'))
    const editor = await screen.findByTestId('server-editor')
    expect(within(editor).getByTestId('server-builtin-tag')).toBeTruthy()
    expect(within(editor).queryByTestId('editor-command')).toBeNull()
    expect(within(editor).queryByTestId('editor-baseUrl')).toBeNull()
    expect(within(editor).getByTestId('editor-name')).toHaveProperty('disabled', true)
    expect(within(editor).getByTestId('editor-builtin-hint').textContent).toContain('display name')
    const args = within(editor).getByTestId('editor-args') as HTMLTextAreaElement
    expect(args.value).toBe('--keep')
    fireEvent.change(args, { target: { value: '--keep\n--more' } })
    fireEvent.click(within(editor).getByTestId('editor-save'))
    await waitFor(() => expect(anyKindFields(registry.get('mem')!).args).toEqual(['--keep', '--more']))
    expect(registry.get('mem')).toMatchObject({ type: 'inMemory', name: BuiltinServerNames.memory, env: { MEMORY_FILE_PATH: 'graph.jsonl' } })
  })

  it('is renamed with a display name: the list shows it, the name that says which built-in it is stays', async () => {
    const { registry } = await renderServers([memory])
    fireEvent.click(within(rowOf(BuiltinServerNames.memory)).getByTestId('server-edit'))
    const editor = await screen.findByTestId('server-editor')
    expect(within(editor).getByTestId('editor-title').textContent).toBe('Memory')
    fireEvent.change(within(editor).getByTestId('editor-displayName'), { target: { value: 'Work notes' } })
    fireEvent.click(within(editor).getByTestId('editor-save'))
    await waitFor(() => expect(registry.get('mem')?.ui?.displayName).toBe('Work notes'))
    expect(registry.get('mem')?.name).toBe(BuiltinServerNames.memory)
    await waitFor(() => expect(within(editor).getByTestId('editor-title').textContent).toBe('Work notes'))
  })

  it('in Chinese: its title and (untouched) catalogue description translated', async () => {
    const description = 'A knowledge graph of people, projects and facts that a chat can read and add to. Kept on this computer; needs no setup.'
    await renderServers([{ ...memory, ui: { description } }], { language: 'zh-CN' })
    const row = rowOf(BuiltinServerNames.memory)
    expect(within(row).getByTestId('server-name').textContent).toBe('记忆')
    expect(within(row).getByTestId('server-description').textContent).toContain('知识图谱')
  })
})
