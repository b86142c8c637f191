import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab, toggleIn } from '@renderer/components/editor/ToolsTab'
import { cachedServers } from '../support/cachedServers'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { SHOWCASE, StoreTab, fixture, stdioServer } from './harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

async function setup(server = stdioServer('many', fixture('many-tools.mjs'), { env: { TOOL_COUNT: '6' } })) {
  const main = await createMcpApi()
  dispose = main.dispose
  await main.addServers([server])
  const view = renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  return { ...view, main, server }
}

describe('toggleIn', () => {
  it('adds once and removes every copy', () => {
    expect(toggleIn(undefined, 'a', true)).toEqual(['a'])
    expect(toggleIn(['a', 'b'], 'a', true)).toEqual(['b', 'a'])
    expect(toggleIn(['a', 'b', 'a'], 'a', false)).toEqual(['b'])
  })
})

describe('ToolsTab (real MCPService, real fixture server)', () => {
  it('lists the tools with their count and function-call id on hover', async () => {
    await setup()
    expect(await screen.findByTestId('tool-name-tool_0005', {}, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByTestId('tools-count').textContent).toBe('Tools: 8')
    fireEvent.mouseEnter(screen.getByTestId('tool-name-tool_0002'))
    expect(await screen.findByText(/Function-call id: mcp__many__tool0002/)).toBeTruthy()
  })

  it("shows each tool's real name in monospace under its title", async () => {
    await setup(stdioServer('showcase', SHOWCASE))
    const title = await screen.findByTestId('tool-name-shapes', {}, { timeout: 20_000 })
    expect(title.textContent).toBe('Every kind of field')
    const name = screen.getByTestId('tool-real-name-shapes')
    expect(name.textContent).toBe('shapes')
    expect(name.style.fontFamily).toMatch(/monospace/)
    expect(title.closest('td')).toBe(name.closest('td'))
    // a tool without a title is its name, once, in monospace
    expect(screen.getByTestId('tool-name-image').textContent).toBe('image')
    expect(screen.getByTestId('tool-name-image').style.fontFamily).toMatch(/monospace/)
    expect(screen.queryByTestId('tool-real-name-image')).toBeNull()
  })

  it('filters by search text', async () => {
    await setup()
    await screen.findByTestId('tool-name-tool_0005', {}, { timeout: 20_000 })
    fireEvent.change(screen.getByPlaceholderText('Search tools by name or description'), { target: { value: 'tool_0003' } })
    await waitFor(() => expect(screen.queryByTestId('tool-name-tool_0001')).toBeNull())
    expect(screen.getByTestId('tool-name-tool_0003')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('Search tools by name or description'), { target: { value: 'number 4.' } })
    await waitFor(() => expect(screen.queryByTestId('tool-name-tool_0003')).toBeNull())
    expect(screen.getByTestId('tool-name-tool_0004')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('Search tools by name or description'), { target: { value: 'zzz' } })
    expect((await screen.findByTestId('tools-no-match')).textContent).toContain('No tool matches “zzz”')
  })

  it("writes disabledTools, autoApproveTools and disabledAutoApproveTools into main's list through onChange", async () => {
    const { store, server, main } = await setup()
    const saved = () => main.registry.get(server.id)
    await screen.findByTestId('tool-name-tool_0001', {}, { timeout: 20_000 })
    const enabled = screen.getByTestId('tool-enabled-tool_0001')
    expect(enabled.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(enabled)
    await waitFor(() => expect(saved()?.tools?.disabled).toEqual(['tool_0001']))
    await waitFor(() => expect(cachedServers(store).find((s) => s.id === server.id)?.tools?.disabled).toEqual(['tool_0001']))
    await waitFor(() => expect(screen.getByTestId('tool-enabled-tool_0001').getAttribute('aria-checked')).toBe('false'))
    // a disabled tool cannot be run, and its auto-approve switch is moot
    expect(screen.getByTestId('tool-run-tool_0001')).toHaveProperty('disabled', true)
    expect(screen.getByTestId('tool-auto-approve-tool_0001').hasAttribute('disabled')).toBe(true)

    // a server the user added asks before each call: Auto-approve starts off
    const autoApprove = () => screen.getByTestId('tool-auto-approve-tool_0002')
    expect(autoApprove().getAttribute('aria-checked')).toBe('false')
    fireEvent.click(autoApprove())
    await waitFor(() => expect(saved()?.tools?.autoApprove).toEqual(['tool_0002']))
    expect(saved()?.tools?.askFirst ?? []).toEqual([])
    await waitFor(() => expect(autoApprove().getAttribute('aria-checked')).toBe('true'))
    fireEvent.click(screen.getByTestId('tool-enabled-tool_0001'))
    await waitFor(() => expect(saved()?.tools?.disabled).toEqual([]))
    // both changes are kept: the second did not undo the first
    expect(saved()?.tools?.autoApprove).toEqual(['tool_0002'])
    // off again: the user's no is kept, so it wins over a default that says yes
    fireEvent.click(autoApprove())
    await waitFor(() => expect(saved()?.tools?.askFirst).toEqual(['tool_0002']))
    expect(saved()?.tools?.autoApprove).toEqual([])
    await waitFor(() => expect(autoApprove().getAttribute('aria-checked')).toBe('false'))
  })

  it("starts Auto-approve on for the app's own built-in servers", async () => {
    const builtin = { ...stdioServer('many', fixture('many-tools.mjs'), { env: { TOOL_COUNT: '2' } }), installSource: 'builtin' as const }
    await setup(builtin)
    await screen.findByTestId('tool-name-tool_0001', {}, { timeout: 20_000 })
    expect(screen.getByTestId('tool-auto-approve-tool_0001').getAttribute('aria-checked')).toBe('true')
  })

  it('expands a tool to show its input schema', async () => {
    await setup()
    await screen.findByTestId('tool-name-tool_0000', {}, { timeout: 20_000 })
    const row = screen.getByTestId('tool-name-tool_0000').closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }))
    const schema = await screen.findByTestId('tool-schema-tool_0000')
    expect(schema.textContent).toContain('query for tool 0')
  })

  it('shows the error from main with a retry', async () => {
    await setup(stdioServer('broken', fixture('exit-at-start.mjs')))
    const error = await screen.findByTestId('tools-error', {}, { timeout: 20_000 })
    expect(error.textContent).toContain('Could not list the tools of broken')
    expect(within(error).getByTestId('tools-retry')).toBeTruthy()
  })

  it('shows the empty state for a server without tools', async () => {
    await setup(stdioServer('none', SHOWCASE, { env: { NO_TOOLS: '1' } }))
    expect((await screen.findByTestId('tools-empty', {}, { timeout: 20_000 })).textContent).toContain('This server offers no tools.')
  })

  it('virtualizes a server with 1,000 tools: only the visible rows are in the DOM, search still finds any', async () => {
    await setup(stdioServer('big', fixture('many-tools.mjs')))
    await waitFor(() => expect(screen.getByTestId('tools-count').textContent).toBe('Tools: 1002'), { timeout: 30_000 })
    const rows = () => document.querySelectorAll('[data-testid^="tool-name-"]').length
    expect(rows()).toBeGreaterThan(0)
    expect(rows()).toBeLessThan(100)
    fireEvent.change(screen.getByPlaceholderText('Search tools by name or description'), { target: { value: 'tool_0999' } })
    expect(await screen.findByTestId('tool-name-tool_0999')).toBeTruthy()
  })
})
