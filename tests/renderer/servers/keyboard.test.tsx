import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { cleanupServers, renderServers, rowOf } from './serversSupport'
import { cachedServers } from '../support/cachedServers'
import type { StdioServer } from '@shared/mcp/server'

afterEach(cleanupServers)

const idle = (id: string, extra: Partial<StdioServer> = {}): StdioServer => ({ id, name: id, type: 'stdio', command: 'node', args: [`${id}.js`], isActive: false, ...extra })
const searchBox = () => within(screen.getByTestId('server-search')).getByRole('searchbox')

describe('keyboard: / focuses the search', () => {
  it('from anywhere on the list, but not while typing in a field or a dialog', async () => {
    await renderServers([idle('alpha'), idle('beta')])
    // from the page itself, and from a row's button
    expect(fireEvent.keyDown(document.body, { key: '/' })).toBe(false)
    expect(document.activeElement).toBe(searchBox())
    const edit = within(rowOf('beta')).getByTestId('server-edit')
    edit.focus()
    fireEvent.keyDown(edit, { key: '/' })
    expect(document.activeElement).toBe(searchBox())

    // typed into the import editor (a URL has slashes), it is text there
    fireEvent.click(screen.getByTestId('add-server'))
    fireEvent.click(await screen.findByTestId('add-menu-import'))
    const dialog = await screen.findByTestId('import-dialog')
    const code = (await within(dialog).findByTestId('import-editor')).querySelector<HTMLElement>('.cm-content')!
    code.focus()
    expect(fireEvent.keyDown(code, { key: '/' })).toBe(true)
    expect(document.activeElement).not.toBe(searchBox())
    // and with a dialog open, not even from outside a field
    expect(fireEvent.keyDown(document.body, { key: '/' })).toBe(true)
    expect(document.activeElement).not.toBe(searchBox())
  })
})

describe('keyboard: Ctrl/Cmd+S saves the editor', () => {
  const openEditor = async (name: string) => {
    fireEvent.click(within(rowOf(name)).getByTestId('server-edit'))
    await screen.findByTestId('general-tab')
  }
  const description = () => screen.getByTestId('editor-description') as HTMLInputElement

  it('saves from the field being typed in, and the browser does not get the key', async () => {
    const { store } = await renderServers([idle('alpha', { ui: { description: 'old' } })])
    await openEditor('alpha')
    fireEvent.change(description(), { target: { value: 'saved by keyboard' } })
    expect(fireEvent.keyDown(description(), { key: 's', ctrlKey: true })).toBe(false)
    await waitFor(() => expect(cachedServers(store)[0].ui?.description).toBe('saved by keyboard'))
    expect(await screen.findByText('alpha was saved.')).toBeTruthy()
    expect(screen.getByTestId('editor-save').getAttribute('aria-keyshortcuts')).toBe('Control+S')
    // ⌘S as on a Mac, from another tab of the editor (where no Save button shows)
    fireEvent.change(description(), { target: { value: 'and again' } })
    fireEvent.click(screen.getByTestId('editor-tab-tools'))
    await waitFor(() => expect(screen.queryByTestId('general-tab')).toBeNull())
    fireEvent.keyDown(document.body, { key: 's', metaKey: true })
    await waitFor(() => expect(cachedServers(store)[0].ui?.description).toBe('and again'))
  })

  it('an invalid draft is not saved: the field with the error is named, as with the button', async () => {
    const { store } = await renderServers([idle('alpha'), idle('beta')])
    await openEditor('alpha')
    fireEvent.change(screen.getByTestId('editor-name'), { target: { value: 'beta' } })
    fireEvent.keyDown(document.body, { key: 'S', ctrlKey: true })
    expect((await screen.findByTestId('editor-error-name')).textContent).toBe('Another server is already called “beta”.')
    expect(cachedServers(store).map((s) => s.name)).toEqual(['alpha', 'beta'])
  })

  it('nothing changed: nothing is saved, and the key is still kept from the browser', async () => {
    const { api } = await renderServers([idle('alpha')])
    await openEditor('alpha')
    const before = JSON.stringify((await api.servers.list()).servers)
    expect(fireEvent.keyDown(document.body, { key: 's', ctrlKey: true })).toBe(false)
    expect(screen.getByTestId('editor-save')).toHaveProperty('disabled', true)
    expect(JSON.stringify((await api.servers.list()).servers)).toBe(before)
  })
})
