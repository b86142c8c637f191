import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { diagnosticCount, forceLinting } from '@codemirror/lint'
import { EditorView } from '@codemirror/view'
import { cleanupServers, renderServers, setEditorText } from './serversSupport'
import { cachedServers, cachedApprovals } from '../support/cachedServers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(cleanupServers)

async function openImport() {
  fireEvent.click(screen.getByTestId('add-server'))
  fireEvent.click(await screen.findByTestId('add-menu-import'))
  const dialog = await screen.findByTestId('import-dialog')
  // the code editor loads on first use
  await within(dialog).findByTestId('import-editor')
  return dialog
}

const existing = { id: 'fs', name: 'filesystem', type: 'stdio' as const, command: 'npx', args: ['-y', 'fs'], isActive: false }

describe('import JSON', () => {
  it('names the server and the field of a bad entry, and saves nothing', async () => {
    const { store, storage, persistor } = await renderServers([existing])
    await persistor.flush()
    const before = storage.data.get('persist:root')
    const dialog = await openImport()
    act(() =>
      setEditorText(
        within(dialog).getByTestId('import-editor'),
        JSON.stringify({ mcpServers: { good: { command: 'node' }, broken: { command: 'node', args: 'not-an-array' } } })
      )
    )
    const error = await within(dialog).findByTestId('import-error')
    const issue = within(error).getByTestId('import-issue')
    expect(issue.dataset.server).toBe('broken')
    expect(issue.dataset.field).toBe('args')
    expect(issue.textContent).toMatch(/^Server “broken”, field “args”: Invalid input: expected array/)
    expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByTestId('import-submit'))
    expect(cachedServers(store)).toEqual([existing])
    await persistor.flush()
    expect(storage.data.get('persist:root')).toBe(before)
  })

  it("says the importer's own problems in Chinese when the app is in Chinese", async () => {
    await renderServers([], { language: 'zh-CN' })
    const dialog = await openImport()
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), JSON.stringify({ mcpServers: { web: { type: 'sse' } } })))
    const issue = within(await within(dialog).findByTestId('import-error')).getByTestId('import-issue')
    expect(issue.dataset.field).toBe('url')
    expect(within(issue).getByTestId('import-issue-detail').textContent).toBe('sse 服务器需要填写 URL')
  })

  it('says when the text is not JSON at all', async () => {
    await renderServers()
    const dialog = await openImport()
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), '{"mcpServers": {'))
    expect((await within(dialog).findByTestId('import-error')).textContent).toContain('not valid JSON')
  })

  it('adds every server of a Claude Desktop / VS Code file with its full command shown, renaming a taken name', async () => {
    const { store } = await renderServers([existing])
    const dialog = await openImport()
    const file = {
      servers: {
        filesystem: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], disabled: true },
        remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, disabled: true }
      }
    }
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), JSON.stringify(file)))
    const preview = await within(dialog).findByTestId('import-preview')
    const commands = within(preview).getAllByTestId('import-command').map((c) => c.textContent)
    expect(commands).toEqual(['npx -y @modelcontextprotocol/server-filesystem /tmp', 'https://example.com/mcp'])
    expect(within(preview).getByTestId('import-renamed').textContent).toContain('“filesystem” is taken')
    expect(screen.getByTestId('import-submit').textContent).toBe('Add 2 servers')
    fireEvent.click(screen.getByTestId('import-submit'))

    await waitFor(() => expect(cachedServers(store).map((s) => s.name)).toEqual(['filesystem', 'filesystem (2)', 'remote']))
    const [, renamed, remote] = cachedServers(store)
    expect(renamed).toMatchObject({ type: 'stdio', installSource: 'import', isActive: false })
    expect(renamed.id).not.toBe('fs')
    expect(remote).toMatchObject({ type: 'streamableHttp', baseUrl: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } })
    // the preview was the approval of the commands it showed
    await waitFor(() => expect(cachedApprovals(store)).toMatchObject({ [renamed.id]: true, [remote.id]: true }))
  })

  it('skips a taken name when asked to, and says so', async () => {
    const { store } = await renderServers([existing])
    const dialog = await openImport()
    act(() =>
      setEditorText(
        within(dialog).getByTestId('import-editor'),
        JSON.stringify({ mcpServers: { FileSystem: { command: 'npx', disabled: true }, other: { command: 'uvx', disabled: true } } })
      )
    )
    await within(dialog).findByTestId('import-preview')
    fireEvent.click(within(within(dialog).getByTestId('import-duplicates')).getByText('Skip'))
    expect((await within(dialog).findByTestId('import-skipped')).textContent).toContain('name is taken')
    expect(screen.getByTestId('import-submit').textContent).toBe('Add 1 server')
    fireEvent.click(screen.getByTestId('import-submit'))
    await waitFor(() => expect(cachedServers(store).map((s) => s.name)).toEqual(['filesystem', 'other']))
  })
})

describe('import JSON: the empty editor', () => {
  const editorView = (dialog: HTMLElement) => EditorView.findFromDOM(within(dialog).getByTestId('import-editor').querySelector('.cm-content')!)!
  const lintErrors = (view: EditorView) => {
    forceLinting(view)
    return diagnosticCount(view.state)
  }

  it('shows no error before anything is typed, an example that says it is one, and a disabled "Add servers"', async () => {
    await renderServers([existing])
    const dialog = await openImport()
    const placeholder = dialog.querySelector('.cm-placeholder')
    expect(placeholder?.textContent).toMatch(/^Paste the JSON here, or open a file\. For example:\s+\{/)
    const submit = screen.getByTestId('import-submit')
    expect(submit.textContent).toBe('Add servers')
    expect(submit).toHaveProperty('disabled', true)
    expect(within(dialog).queryByTestId('import-error')).toBeNull()

    // the syntax check is there for what is typed, and gone again for an emptied editor
    const view = editorView(dialog)
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), '{'))
    await waitFor(() => expect(lintErrors(view)).toBe(1))
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), '  '))
    await waitFor(() => expect(lintErrors(view)).toBe(0))
    expect(within(dialog).queryByTestId('import-error')).toBeNull()
    expect(submit.textContent).toBe('Add servers')
  })

  it('says "Nothing to add" when every server is skipped, and counts them otherwise', async () => {
    await renderServers([existing])
    const dialog = await openImport()
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), JSON.stringify({ mcpServers: { filesystem: { command: 'npx' } } })))
    await waitFor(() => expect(screen.getByTestId('import-submit').textContent).toBe('Add 1 server'))
    fireEvent.click(within(within(dialog).getByTestId('import-duplicates')).getByText('Skip'))
    await waitFor(() => expect(screen.getByTestId('import-submit').textContent).toBe('Nothing to add'))
    expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', true)
  })

  it('in Chinese too', async () => {
    await renderServers([], { language: 'zh-CN' })
    const dialog = await openImport()
    expect(dialog.querySelector('.cm-placeholder')?.textContent).toMatch(/^在此粘贴 JSON，或打开文件。例如：/)
    expect(screen.getByTestId('import-submit').textContent).toBe('添加服务器')
  })
})

describe("import JSON: the file's inputs (VS Code)", () => {
  const file = {
    inputs: [
      { type: 'promptString', id: 'perplexity-key', description: 'Perplexity API Key', password: true },
      { type: 'pickString', id: 'region', description: 'Region', options: ['eu', 'us'], default: 'eu' }
    ],
    servers: {
      perplexity: { type: 'stdio', command: 'npx', args: ['-y', 'server-perplexity-ask', '--region', '${input:region}'], env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' }, disabled: true }
    }
  }

  it('asks for each value, masked when it is a password, and adds the server only once all are filled in', async () => {
    const { store } = await renderServers()
    const dialog = await openImport()
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), JSON.stringify(file)))
    const inputs = await within(dialog).findByTestId('import-inputs')
    const key = within(inputs).getByLabelText('Perplexity API Key')
    expect(key.getAttribute('type')).toBe('password')
    expect(inputs.textContent).toContain('used by perplexity')
    // the pick keeps the file's default until changed
    expect(within(inputs).getByTestId('import-input-region').textContent).toContain('eu')
    expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', true)
    expect(within(dialog).getByTestId('import-inputs-missing').textContent).toBe('Fill in the value the file asks for')

    fireEvent.change(key, { target: { value: 'pplx-secret-1' } })
    await waitFor(() => expect(screen.getByTestId('import-submit')).toHaveProperty('disabled', false))
    expect(within(dialog).queryByTestId('import-inputs-missing')).toBeNull()
    fireEvent.click(screen.getByTestId('import-submit'))
    await waitFor(() => expect(cachedServers(store)).toHaveLength(1))
    const [added] = cachedServers(store)
    expect(anyKindFields(added).env).toEqual({ PERPLEXITY_API_KEY: 'pplx-secret-1' })
    expect(anyKindFields(added).args).toEqual(['-y', 'server-perplexity-ask', '--region', 'eu'])
  })

  it('a placeholder of an input the file does not declare is an error naming server and field, in Chinese too', async () => {
    await renderServers([], { language: 'zh-CN' })
    const dialog = await openImport()
    act(() => setEditorText(within(dialog).getByTestId('import-editor'), JSON.stringify({ servers: { s: { command: 'x', env: { KEY: '${input:nope}' } } } })))
    const issue = within(await within(dialog).findByTestId('import-error')).getByTestId('import-issue')
    expect(issue.dataset.field).toBe('env.KEY')
    expect(within(issue).getByTestId('import-issue-detail').textContent).toBe('使用了 ${input:nope}，但文件的 "inputs" 中没有声明它')
  })
})

describe('export JSON', () => {
  it('shows the list as mcpServers JSON that imports back to the same servers', async () => {
    const remote = { id: 'r', name: 'remote', type: 'sse' as const, baseUrl: 'http://127.0.0.1:1/sse', ui: { tags: ['t'] }, isActive: true }
    await renderServers([existing, { ...remote, isActive: false }])
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-export'))
    const json = await screen.findByTestId('export-json')
    const text = json.querySelector('.cm-content')!.textContent!
    expect(JSON.parse(text)).toEqual({
      mcpServers: {
        filesystem: { type: 'stdio', command: 'npx', args: ['-y', 'fs'], isActive: false },
        remote: { type: 'sse', url: 'http://127.0.0.1:1/sse', tags: ['t'], isActive: false }
      }
    })
    expect(screen.queryByTestId('export-builtins-note')).toBeNull()
  })

  it('writes a built-in as the public package other apps can run, and says so', async () => {
    await renderServers([{ id: 'mem', name: '@studio/memory', type: 'inMemory', installSource: 'builtin', isActive: false }])
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-export'))
    const json = await screen.findByTestId('export-json')
    expect(JSON.parse(json.querySelector('.cm-content')!.textContent!).mcpServers['@studio/memory']).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
      studioBuiltin: '@studio/memory',
      isActive: false
    })
    expect(screen.getByTestId('export-builtins-note').textContent).toContain('public packages')
  })
})
