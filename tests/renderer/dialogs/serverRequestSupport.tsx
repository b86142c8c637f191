import { resolve } from 'node:path'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { McpApi } from '@shared/ipc/api'
import type { McpServer } from '@shared/mcp/server'
import { ServerRequestDialogs } from '@renderer/components/dialogs/ServerRequestDialogs'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')

let serial = 0
/** server-everything over stdio, as a real child process. */
export function everything(name = 'Everything'): McpServer {
  serial++
  return { id: `everything-${serial}`, name, type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], isActive: true }
}

const disposers: Array<() => Promise<void>> = []

/** The dialogs at the app root over the whole real main side; `closeMainSides` stops every server. */
export async function renderDialogs(options: { saved?: Record<string, string>; openUrl?: (url: string) => Promise<unknown> } = {}) {
  const main = await createMcpApi({ openUrl: options.openUrl })
  disposers.push(main.dispose)
  const server = everything()
  await main.addServers([server])
  await main.api.mcp.initClient({ serverId: server.id })
  const view = renderApp(<ServerRequestDialogs />, { api: main.api, saved: options.saved })
  // the dialogs listen once the saved state is back (PersistGate); an event before that is lost
  await waitFor(() => expect(view.persistor.getState().bootstrapped).toBe(true))
  await act(async () => {})
  return { ...view, ...main, server }
}

/** Stop this main side with the others in `closeMainSides`. */
export function trackMainSide(dispose: () => Promise<void>): void {
  disposers.push(dispose)
}

export async function closeMainSides(): Promise<void> {
  await Promise.all(disposers.splice(0).map((dispose) => dispose()))
}

/** Calls a tool the way the tool runner would; the promise settles when the server answers. */
export function callTool(api: McpApi, server: McpServer, name: string, args: Record<string, unknown> = {}) {
  return api.mcp.callTool({ serverId: server.id, name, args })
}

export function resultText(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')
}

/** Picks options of an antd Select (single or multiple) the way a user does: open it, click the option. */
export async function pickOptions(testId: string, labels: string[]) {
  const select = screen.getByTestId(testId)
  const input = within(select.closest('.ant-select') ?? select).getByRole('combobox')
  fireEvent.mouseDown(input)
  for (const label of labels) {
    const option = await waitFor(() => {
      const open = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      const found = [...open].find((o) => o.getAttribute('title') === label)
      if (!found) throw new Error(`no open option "${label}"`)
      return found
    })
    fireEvent.click(option)
  }
  await act(async () => fireEvent.blur(input))
}

/** A persisted settings state, to start the app in Chinese. */
export const chineseSettings = {
  'persist:root': JSON.stringify({
    settings: JSON.stringify({ language: 'zh-CN', theme: 'light' }),
    _persist: JSON.stringify({ version: 1, rehydrated: true })
  })
}
