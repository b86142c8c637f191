import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { PromptsTab } from '@renderer/components/editor/PromptsTab'
import { ResourcesTab } from '@renderer/components/editor/ResourcesTab'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { ServerPageProvider } from '@renderer/components/servers/ServerPageProvider'
import type { McpServer } from '@shared/mcp/server'
import type { ComponentProps } from 'react'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { StoreTab, fixture, stdioServer } from './harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

async function mount(tab: ComponentProps<typeof StoreTab>['tab'], server: McpServer = stdioServer('lab', fixture('lab.mjs'))) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  // inside the provider, as in the app: it is what hears main's "updated" events
  const view = renderApp(
    <ServerPageProvider>
      <StoreTab id={server.id} tab={tab} />
    </ServerPageProvider>,
    { api: main.api }
  )
  return { ...view, main, server }
}

describe('PromptsTab (real lab server)', () => {
  it('lists prompts, requires their arguments, and shows the messages', async () => {
    await mount(PromptsTab)
    fireEvent.click(await screen.findByTestId('prompt-greet', {}, { timeout: 20_000 }))
    fireEvent.click(await screen.findByTestId('prompt-get-greet'))
    expect(await screen.findByText('name is required')).toBeTruthy()
    fireEvent.change(screen.getByTestId('prompt-arg-greet-name'), { target: { value: 'Ada' } })
    fireEvent.click(screen.getByTestId('prompt-get-greet'))
    const messages = await screen.findByTestId('prompt-messages-greet', {}, { timeout: 20_000 })
    expect(messages.textContent).toContain('User')
    expect(messages.textContent).toContain('Hello, Ada!')
  })

  it('shows the error from main with a retry', async () => {
    await mount(PromptsTab, stdioServer('broken', fixture('exit-at-start.mjs')))
    const error = await screen.findByTestId('prompts-error', {}, { timeout: 20_000 })
    expect(error.textContent).toContain('Could not list the prompts of broken')
    expect(within(error).getByTestId('prompts-retry')).toBeTruthy()
  })
})

describe('ResourcesTab (real lab server)', () => {
  it('reads a resource and marks it updated when the server says so while subscribed', async () => {
    const { main, server } = await mount(ResourcesTab)
    fireEvent.click(await screen.findByTestId('resource-read-lab://note', {}, { timeout: 20_000 }))
    expect((await screen.findByTestId('resource-text')).textContent).toBe('a note')

    fireEvent.click(screen.getByTestId('resource-subscribe-lab://note'))
    await waitFor(() => expect(screen.getByTestId('resource-subscribe-lab://note').getAttribute('aria-checked')).toBe('true'))
    expect(screen.queryByTestId('resource-updated-lab://note')).toBeNull()
    // the server announces an update: the mark appears live
    await main.api.mcp.callTool({ serverId: server.id, name: 'touch', args: { uri: 'lab://note' } })
    expect(await screen.findByTestId('resource-updated-lab://note', {}, { timeout: 10_000 })).toBeTruthy()
    // reading it again clears the mark
    fireEvent.click(screen.getByTestId('resource-read-lab://note'))
    await waitFor(() => expect(screen.queryByTestId('resource-updated-lab://note')).toBeNull())
  })

  it('fills a template variable and reads the expanded uri', async () => {
    await mount(ResourcesTab)
    fireEvent.click(await screen.findByTestId('resources-templates-tab', {}, { timeout: 20_000 }))
    fireEvent.click(await screen.findByTestId('template-name-item', {}, { timeout: 20_000 }))
    fireEvent.change(await screen.findByTestId('template-var-item-id'), { target: { value: '42' } })
    expect(screen.getByTestId('template-uri-item').textContent).toBe('lab://items/42')
    fireEvent.click(screen.getByTestId('template-read-item'))
    expect((await screen.findByTestId('resource-text', {}, { timeout: 20_000 })).textContent).toBe('item 42')
  })
})

describe('lists follow the server', () => {
  it('the Tools tab refreshes on tools/list_changed', async () => {
    const { main, server } = await mount(ToolsTab)
    await screen.findByTestId('tool-name-add-tool', {}, { timeout: 20_000 })
    expect(screen.queryByTestId('tool-name-extra-1')).toBeNull()
    await main.api.mcp.callTool({ serverId: server.id, name: 'add-tool' })
    expect(await screen.findByTestId('tool-name-extra-1', {}, { timeout: 10_000 })).toBeTruthy()
  })
})
