import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { PromptsTab } from '@renderer/components/editor/PromptsTab'
import { ResourcesTab } from '@renderer/components/editor/ResourcesTab'
import { setLanguage } from '@renderer/store/settings'
import type { McpServer } from '@shared/mcp/server'
import type { ComponentProps } from 'react'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { StoreTab, fixture, stdioServer } from '../tools/harness'

// on a real server through the real main side: what a resource and a prompt
// message carry is shown, and a read stays with the sub-tab it was made in
let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

async function mount(tab: ComponentProps<typeof StoreTab>['tab'], server: McpServer) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  return renderApp(<StoreTab id={server.id} tab={tab} />, { api: main.api })
}

const devtools = () => stdioServer('devtools', fixture('devtools.mjs'))

describe('the Resources tab', () => {
  it("shows a resource's annotations as tags, and counts in each language's own brackets", async () => {
    const { store } = await mount(ResourcesTab, devtools())
    const tags = await screen.findByTestId('resource-annotations-dev://status', {}, { timeout: 20_000 })
    expect(within(tags).getByTestId('resource-annotations-dev://status-audience').textContent).toBe('Audience: user')
    expect(within(tags).getByTestId('resource-annotations-dev://status-priority').textContent).toBe('Priority 0.5')
    expect(within(tags).getByTestId('resource-annotations-dev://status-lastModified').getAttribute('title')).toBe('2025-03-04T05:06:07Z')
    await waitFor(() => expect(screen.getByTestId('resources-templates-tab').textContent).toBe('Templates (1)'), { timeout: 10_000 })
    expect(screen.getByTestId('resources-resources-tab').textContent).toBe('Resources (1)')

    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    // full-width brackets throughout, never a half-width one beside Chinese text
    await waitFor(() => expect(screen.getByTestId('resources-resources-tab').textContent).toBe('资源（1）'))
    expect(screen.getByTestId('resources-templates-tab').textContent).toBe('模板（1）')
  })

  it("a resource read under Resources is not shown under Templates, and a template's read not under Resources", async () => {
    await mount(ResourcesTab, devtools())
    fireEvent.click(await screen.findByTestId('resource-read-dev://status', {}, { timeout: 20_000 }))
    expect((await screen.findByTestId('resource-contents', {}, { timeout: 10_000 })).textContent).toContain('read dev://status')

    fireEvent.click(screen.getByTestId('resources-templates-tab'))
    fireEvent.click(await screen.findByTestId('template-name-user'))
    await screen.findByTestId('template-var-user-userId')
    expect(screen.queryByTestId('resource-contents')).toBeNull()

    fireEvent.change(screen.getByTestId('template-var-user-userId'), { target: { value: 'ada' } })
    fireEvent.click(screen.getByTestId('template-read-user'))
    await waitFor(() => expect(screen.getByTestId('resource-contents').textContent).toContain('read dev://users/ada'), { timeout: 10_000 })

    fireEvent.click(screen.getByTestId('resources-resources-tab'))
    await screen.findByTestId('resource-read-dev://status')
    expect(screen.queryByTestId('resource-contents')).toBeNull()
  })
})

describe('a prompt message', () => {
  it('a resource link in it can be read in place, from the server that gave the prompt', async () => {
    await mount(PromptsTab, devtools())
    fireEvent.click(await screen.findByTestId('prompt-team', {}, { timeout: 20_000 }))
    fireEvent.change(await screen.findByTestId('prompt-arg-team-department'), { target: { value: 'Sales' } })
    fireEvent.change(screen.getByTestId('prompt-arg-team-member'), { target: { value: 'Eve' } })
    fireEvent.click(screen.getByTestId('prompt-get-team'))
    const messages = await screen.findByTestId('prompt-messages-team', {}, { timeout: 10_000 })
    const link = within(messages).getByTestId('result-resource-link')
    fireEvent.click(within(link).getByTestId('result-resource-link-read'))
    const contents = await within(link).findByTestId('resource-contents', {}, { timeout: 10_000 })
    expect(contents.textContent).toContain('read dev://status')
  })
})
