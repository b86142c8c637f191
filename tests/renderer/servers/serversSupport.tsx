import { join } from 'node:path'
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { EditorView } from '@codemirror/view'
import type { McpServer, StdioServer } from '@shared/mcp/server'
import { ServersPage } from '@renderer/pages/ServersPage'
import { PERSIST_VERSION } from '@renderer/store/migrations'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

// jsdom gives import.meta.url an http scheme; vitest runs from the repo root
export const ROOT = process.cwd()
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
export const fixture = (name: string) => join(ROOT, 'tests/fixtures/servers', name)

export const everything = (extra: Partial<StdioServer> = {}): StdioServer => ({
  id: 'everything',
  name: 'Everything',
  type: 'stdio',
  command: process.execPath,
  args: [EVERYTHING, 'stdio'],
  isActive: true,
  ...extra
})

/** The renderer's own saved settings as redux-persist writes them (the servers live in main). */
export function savedState(language?: 'zh-CN'): Record<string, string> {
  return {
    'persist:root': JSON.stringify({
      ...(language ? { settings: JSON.stringify({ language, theme: 'light' }) } : {}),
      _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true })
    })
  }
}

const mains: Array<{ dispose: () => Promise<void> }> = []

export interface RenderServersOptions {
  language?: 'zh-CN'
  main?: Parameters<typeof createMcpApi>[0]
  /** ids of servers the user has not approved yet; by default the imported ones (the others were typed in) */
  unapproved?: string[]
}

/** The servers page on a real main side (real registry, real MCPService, real child processes). */
export async function renderServers(servers: McpServer[] = [], options: RenderServersOptions = {}) {
  // the editor is a lazy chunk; jsdom's first load of it (a few seconds of transforms) is loaded
  // here, so a test's wait for the editor measures the app, not the test runner's cold start
  await import('@renderer/components/editor/ServerEditor')
  const main = await createMcpApi(options.main)
  mains.push(main)
  const imported = servers.filter((s) => s.installSource === 'import' || s.installSource === 'deeplink').map((s) => s.id)
  if (servers.length) await main.addServers(servers, options.unapproved ?? imported)
  const view = renderApp(<ServersPage />, { api: main.api, saved: savedState(options.language) })
  await screen.findByTestId('server-list')
  return { ...view, ...main }
}

/** afterEach: every server stopped, the URL back at the list. */
export async function cleanupServers(): Promise<void> {
  while (mains.length) await mains.pop()!.dispose()
  history.replaceState(null, '', '/')
}

export { cachedServers, cachedApprovals } from '../support/cachedServers'

export const rowOf = (name: string) => {
  const row = screen.getAllByTestId('server-list-item').find((r) => r.dataset.serverName === name)
  if (!row) throw new Error(`no row for ${name}`)
  return row
}

export async function waitForStatus(name: string, status: string, timeout = 20_000) {
  await waitFor(() => expect(rowOf(name).querySelector('[data-testid="server-status"]')?.getAttribute('data-status')).toBe(status), {
    timeout
  })
}

/** Types into a CodeMirror editor the way a paste would. */
export function setEditorText(container: HTMLElement, text: string) {
  const content = container.querySelector('.cm-content') as HTMLElement
  const view = EditorView.findFromDOM(content)
  if (!view) throw new Error('no CodeMirror editor here')
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } })
}
