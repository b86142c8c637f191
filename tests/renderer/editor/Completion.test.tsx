import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { PromptsTab } from '@renderer/components/editor/PromptsTab'
import { ResourcesTab } from '@renderer/components/editor/ResourcesTab'
import { ServerPageProvider } from '@renderer/components/servers/ServerPageProvider'
import type { McpServer } from '@shared/mcp/server'
import type { ComponentProps } from 'react'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, StoreTab, fixture, stdioServer } from '../tools/harness'

// the server's suggestions as you type, on real servers through the real main side
// (the waits' 10 s are an upper bound for a hang on a loaded machine, never a speed goal)
let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

async function mount(tab: ComponentProps<typeof StoreTab>['tab'], server: McpServer) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  renderApp(
    <ServerPageProvider>
      <StoreTab id={server.id} tab={tab} />
    </ServerPageProvider>,
    { api: main.api }
  )
  return main
}

/** The suggestions in the newest popup (antd renders each input's popup outside it, at the end of the page). */
const suggestions = () => {
  const popups = document.querySelectorAll('.ant-select-dropdown')
  return [...(popups[popups.length - 1]?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent)
}

describe('prompt arguments', () => {
  it('suggests as you type, and narrows the next argument by the one already filled in', async () => {
    await mount(PromptsTab, stdioServer('devtools', fixture('devtools.mjs')))
    fireEvent.click(await screen.findByTestId('prompt-team', {}, { timeout: 20_000 }))
    const department = await screen.findByTestId('prompt-arg-team-department')
    fireEvent.focus(department)
    fireEvent.change(department, { target: { value: 'S' } })
    await waitFor(() => expect(suggestions()).toEqual(['Sales', 'Support']), { timeout: 10_000 })
    fireEvent.click(screen.getByTitle('Sales'))
    await waitFor(() => expect((department as HTMLInputElement).value).toBe('Sales'), { timeout: 10_000 })

    // the member list depends on the department: it reaches the server as context.arguments
    fireEvent.blur(department)
    const member = screen.getByTestId('prompt-arg-team-member')
    fireEvent.focus(member)
    fireEvent.change(member, { target: { value: 'E' } })
    await waitFor(() => expect(suggestions()).toEqual(['Eve']), { timeout: 10_000 })
    fireEvent.change(member, { target: { value: '' } })
    await waitFor(() => expect(suggestions()).toEqual(['David', 'Eve']), { timeout: 10_000 })
  })

  it("server-everything's completable prompt", async () => {
    await mount(PromptsTab, stdioServer('everything', EVERYTHING))
    fireEvent.click(await screen.findByTestId('prompt-completable-prompt', {}, { timeout: 20_000 }))
    const department = await screen.findByTestId('prompt-arg-completable-prompt-department')
    fireEvent.focus(department)
    fireEvent.change(department, { target: { value: 'Ma' } })
    await waitFor(() => expect(suggestions()).toEqual(['Marketing']), { timeout: 10_000 })
  })

  it('a server without completions suggests nothing and shows no error', async () => {
    const main = await mount(PromptsTab, stdioServer('plain', fixture('devtools.mjs'), { env: { DEVTOOLS_PLAIN: '1' } }))
    fireEvent.click(await screen.findByTestId('prompt-team', {}, { timeout: 20_000 }))
    const department = await screen.findByTestId('prompt-arg-team-department')
    fireEvent.focus(department)
    fireEvent.change(department, { target: { value: 'S' } })
    // the question was asked and answered empty
    expect(await main.api.mcp.complete({ serverId: 'plain', ref: { type: 'ref/prompt', name: 'team' }, argument: { name: 'department', value: 'S' } })).toEqual({
      supported: false,
      values: []
    })
    expect(suggestions()).toEqual([])
    expect(screen.queryByText(/No suggestions/)).toBeNull()
  })
})

describe('resource template variables', () => {
  it('suggests values for a variable and the expanded uri follows the pick', async () => {
    await mount(ResourcesTab, stdioServer('devtools', fixture('devtools.mjs')))
    fireEvent.click(await screen.findByTestId('resources-templates-tab', {}, { timeout: 20_000 }))
    fireEvent.click(await screen.findByTestId('template-name-user', {}, { timeout: 20_000 }))
    const input = await screen.findByTestId('template-var-user-userId')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'a' } })
    await waitFor(() => expect(suggestions()).toEqual(['ada', 'alan']), { timeout: 10_000 })
    fireEvent.click(screen.getByTitle('alan'))
    await waitFor(() => expect(screen.getByTestId('template-uri-user').textContent).toBe('dev://users/alan'), { timeout: 10_000 })
  })
})
