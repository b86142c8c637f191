import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { buildInstallLink, INSTALL_LINK_MAX_LENGTH } from '@shared/mcp/installLink'
import { cleanupServers, renderServers, setEditorText } from '../servers/serversSupport'

afterEach(cleanupServers)

const twoServers = {
  mcpServers: {
    local: { command: 'node', args: ['local.js'], env: { API_KEY: 'env-secret-value' } },
    remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer header-secret-value' } }
  }
}

async function openPaste() {
  fireEvent.click(screen.getByTestId('add-server'))
  fireEvent.click(await screen.findByTestId('add-menu-paste-link'))
  const dialog = await screen.findByTestId('paste-link-dialog')
  // the field has the keyboard: a paste goes straight in
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('paste-link-input')))
  return dialog
}

function paste(text: string) {
  fireEvent.change(screen.getByTestId('paste-link-input'), { target: { value: text } })
}

/** down and up: the input takes one Enter per key press (a held key does not repeat it) */
function pressEnter() {
  const input = screen.getByTestId('paste-link-input')
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
}

describe('Add server → Paste an install link', () => {
  it('a valid link opens the approval view listing its servers (names, never values); only the ticked one is added, switched off', async () => {
    const { registry } = await renderServers()
    await openPaste()
    expect(screen.getByTestId('paste-link-submit')).toHaveProperty('disabled', true)
    paste(`  ${buildInstallLink(twoServers)}  `)
    pressEnter()

    const dialog = await screen.findByTestId('install-link-dialog')
    await waitFor(() => expect(screen.queryByTestId('paste-link-dialog')).toBeNull())
    expect(within(dialog).getAllByTestId('install-link-command').map((c) => c.textContent)).toEqual(['node local.js', 'https://example.com/mcp'])
    expect(within(dialog).getAllByTestId('preview-env-name').map((t) => t.textContent)).toEqual(['API_KEY=••••'])
    expect(within(dialog).getAllByTestId('preview-header-name').map((t) => t.textContent)).toEqual(['Authorization: ••••'])
    expect(dialog.textContent).not.toMatch(/secret-value/)
    // nothing is added by the paste itself
    expect(registry.snapshot().servers).toEqual([])

    fireEvent.click(within(dialog).getByTestId('install-link-pick-local'))
    fireEvent.click(screen.getByTestId('install-link-submit'))
    await waitFor(() => expect(screen.queryByTestId('install-link-dialog')).toBeNull())
    const servers = registry.snapshot().servers
    expect(servers.map((s) => s.name)).toEqual(['local'])
    expect(servers[0]).toMatchObject({ isActive: false, installSource: 'deeplink' })
    expect(registry.approves(servers[0])).toBe(false)
  })

  it('a malformed link shows the parser\'s reason under the field and adds nothing; typing again clears it; Cancel adds nothing', async () => {
    const { registry } = await renderServers()
    const pasteDialog = await openPaste()
    paste('mcpstudio://install?servers=%7Bnot-base64%7D')
    fireEvent.click(screen.getByTestId('paste-link-submit'))
    const problem = () => within(pasteDialog).findByTestId('paste-link-field')
    expect((await problem()).textContent).toBe("The link's servers=… part is damaged: it is not base64url.")
    expect(screen.getByTestId('paste-link-input').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByTestId('install-link-dialog')).toBeNull()

    paste('https://example.com/not-a-link')
    // the old reason goes as soon as the text changes
    expect(within(pasteDialog).queryByTestId('paste-link-field')).toBeNull()
    pressEnter()
    expect((await problem()).textContent).toBe('This is not an MCP Studio install link (mcpstudio://install?servers=…).')

    // a bad server entry names the server and its field
    paste(buildInstallLink({ mcpServers: { web: { type: 'sse' } } }))
    pressEnter()
    const issue = within(await problem()).getByTestId('import-issue')
    expect(issue.dataset.server).toBe('web')
    expect(issue.dataset.field).toBe('url')

    // (Esc is tried in Chromium, tests/e2e/installLink.test.ts: jsdom never ends the Add menu's
    // closing animation, so that menu stays the top layer Esc goes to)
    fireEvent.click(screen.getByTestId('paste-link-cancel'))
    await waitFor(() => expect(screen.queryByTestId('paste-link-dialog')).toBeNull())
    expect(screen.queryByTestId('install-link-dialog')).toBeNull()
    expect(registry.snapshot().servers).toEqual([])
  })

  it("browser mode's page address for a link (the no-session page sends people here) is the same link", async () => {
    await renderServers()
    await openPaste()
    const link = new URL(buildInstallLink(twoServers))
    paste(`http://127.0.0.1:8123/install${link.search}`)
    pressEnter()
    const dialog = await screen.findByTestId('install-link-dialog')
    expect(within(dialog).getAllByTestId('install-link-command')).toHaveLength(2)
  })

  it('an oversize link is refused by its length, in Chinese when the app is', async () => {
    await renderServers([], { language: 'zh-CN' })
    await openPaste()
    const long = `mcpstudio://install?servers=${'A'.repeat(INSTALL_LINK_MAX_LENGTH)}`
    paste(long)
    pressEnter()
    expect((await screen.findByTestId('install-link-problem')).textContent).toBe(`链接长度为 ${long.length} 个字符；最多接受 ${INSTALL_LINK_MAX_LENGTH} 个字符。`)
    expect(screen.queryByTestId('install-link-dialog')).toBeNull()
  })
})

describe('the server table the import and the link dialogs share', () => {
  it('the import dialog shows env and header names, never values', async () => {
    await renderServers()
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-import'))
    const dialog = await screen.findByTestId('import-dialog')
    const editor = await within(dialog).findByTestId('import-editor')
    act(() => setEditorText(editor, JSON.stringify(twoServers)))
    const preview = await within(dialog).findByTestId('import-preview')
    expect(within(preview).getAllByTestId('import-command').map((c) => c.textContent)).toEqual(['node local.js', 'https://example.com/mcp'])
    expect(within(preview).getAllByTestId('preview-env-name').map((t) => t.textContent)).toEqual(['API_KEY=••••'])
    expect(within(preview).getAllByTestId('preview-header-name').map((t) => t.textContent)).toEqual(['Authorization: ••••'])
    expect(preview.textContent).not.toMatch(/secret-value/)
    expect(preview.textContent).toContain('Variables and headers')
  })
})
