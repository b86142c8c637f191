import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { TracePage } from '@renderer/pages/TracePage'
import { createFlakyApi, createMcpApi, disposeTrackedApis, trackDispose } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  disposeTrackedApis()
  await dispose?.()
  dispose = undefined
  window.history.replaceState(null, '', '/')
})

/** The real main side with server-everything (a real child process) in its list, approved. */
async function mainWithEverything() {
  const main = await createMcpApi()
  dispose = main.dispose
  // switched off (main does not start it): the first call connects, and that connect is its child
  await main.addServers([stdioServer('everything', EVERYTHING, { isActive: false })])
  return main
}

const rows = () => screen.queryAllByTestId('trace-row')
const rowNamed = (name: string) => rows().find((row) => within(row).getByTestId('trace-row-name').textContent === name)

describe('the Trace window on real spans', () => {
  it('lists a call with progress; its waterfall has the bar, the progress marks, the input and output', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.callTool({ serverId: 'everything', name: 'trigger-long-running-operation', args: { duration: 1, steps: 4 }, callId: 'c1' })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.trigger-long-running-operation')).toBeTruthy())
    fireEvent.click(rowNamed('everything.trigger-long-running-operation')!)

    const detail = await screen.findByTestId('trace-detail')
    const callRow = within(detail)
      .getAllByTestId('span-row')
      .find((row) => row.dataset.spanName === 'everything.trigger-long-running-operation')!
    expect(within(callRow).getByTestId('span-bar').dataset.status).toBe('ok')
    // the connect this call needed is its child, on the same axis
    expect(within(detail).getAllByTestId('span-row').some((row) => row.dataset.spanName === 'everything.connect')).toBe(true)
    const marks = within(callRow).getAllByTestId('span-event-marker').filter((mark) => mark.dataset.event === 'progress')
    expect(marks.length).toBeGreaterThanOrEqual(2)

    const details = screen.getByTestId('span-details')
    expect(details.dataset.spanName).toBe('everything.trigger-long-running-operation')
    expect(within(details).getByTestId('span-input').textContent).toContain('duration')
    expect(within(details).getByTestId('span-output').textContent).toContain('Long running operation completed')
    const progress = within(details).getAllByTestId('span-event').filter((event) => event.dataset.event === 'progress')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0].textContent).toMatch(/1\/4/)
    expect(within(details).getByTestId('span-attributes').textContent).toContain('mcp.call.id')

    // the waterfall from the keyboard: ↓ selects the next span (the connect), its details follow
    const waterfall = screen.getByRole('listbox', { name: 'Spans on a time axis' })
    waterfall.focus()
    fireEvent.keyDown(waterfall, { key: 'ArrowDown' })
    await waitFor(() => expect(screen.getByTestId('span-details').dataset.spanName).toBe('everything.connect'))
    expect(within(screen.getByTestId('span-details')).queryByTestId('span-input')).toBeNull()
    fireEvent.keyDown(waterfall, { key: 'Home' })
    await waitFor(() => expect(screen.getByTestId('span-details').dataset.spanName).toBe('everything.trigger-long-running-operation'))
  })

  it('shows calls only by default: a list operation appears when "Calls only" is cleared', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.listTools({ serverId: 'everything' })
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'hi' } })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.echo')).toBeTruthy())
    expect(rowNamed('everything.ListTools')).toBeUndefined()
    fireEvent.click(screen.getByTestId('trace-filter-calls'))
    await waitFor(() => expect(rowNamed('everything.ListTools')).toBeTruthy())
    expect(rowNamed('everything.echo')).toBeTruthy()
  })

  it('says when the traces cannot be loaded, and Retry asks again', async () => {
    const { api, dispose: done, calls } = createFlakyApi('trace:list')
    trackDispose(done)
    renderApp(<TracePage />, { api })
    const alert = await screen.findByTestId('trace-load-error')
    expect(alert.textContent).toContain('Could not load the traces')
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await screen.findByTestId('trace-empty')
    expect(screen.queryByTestId('trace-load-error')).toBeNull()
    expect(calls()).toBe(2)
  })

  it('shows a failed call in red with its error, and the errors-only filter keeps just it', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'fine' } })
    await expect(main.api.mcp.callTool({ serverId: 'everything', name: 'no-such-tool', args: {} })).resolves.toMatchObject({ isError: true })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.no-such-tool')).toBeTruthy())
    expect(rowNamed('everything.no-such-tool')!.dataset.status).toBe('error')
    expect(rowNamed('everything.echo')!.dataset.status).toBe('ok')

    fireEvent.click(screen.getByLabelText('Errors only'))
    await waitFor(() => expect(rows().map((row) => row.dataset.status)).toEqual(['error']))
    fireEvent.click(rowNamed('everything.no-such-tool')!)
    expect((await screen.findByTestId('span-error')).textContent).toContain('no-such-tool')
    expect(screen.getAllByTestId('span-bar').some((bar) => bar.dataset.status === 'error')).toBe(true)

    // search narrows by what the spans hold; nothing matching says so
    fireEvent.click(screen.getByLabelText('Errors only'))
    fireEvent.change(screen.getByLabelText('Search names, arguments, errors'), { target: { value: 'fine' } })
    await waitFor(() => expect(rows().map((row) => within(row).getByTestId('trace-row-name').textContent)).toEqual(['everything.echo']))
    fireEvent.change(screen.getByLabelText('Search names, arguments, errors'), { target: { value: 'nothing has this' } })
    expect((await screen.findByTestId('trace-no-match')).textContent).toContain('No operation matches')
  })

  it('is used from the keyboard: arrows move through the list, Enter opens one', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'one' } })
    await main.api.mcp.callTool({ serverId: 'everything', name: 'get-sum', args: { a: 1, b: 2 } })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.echo')).toBeTruthy())
    const list = screen.getByRole('listbox', { name: 'Recent operations' })
    list.focus()
    // newest first: get-sum, echo, then the list that came before them
    fireEvent.keyDown(list, { key: 'ArrowDown' })
    fireEvent.keyDown(list, { key: 'Enter' })
    await waitFor(() => expect(screen.getByTestId('span-details').dataset.spanName).toBe('everything.echo'))
    expect(rowNamed('everything.echo')!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(list, { key: 'ArrowUp' })
    fireEvent.keyDown(list, { key: 'Enter' })
    await waitFor(() => expect(screen.getByTestId('span-details').dataset.spanName).toBe('everything.get-sum'))
  })

  it('shows a running call as it runs: its bar grows and progress arrives live, then it ends ok', async () => {
    const main = await mainWithEverything()
    // connected first, so the window's list is there before the call starts
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'warm' } })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.echo')).toBeTruthy())
    const call = main.api.mcp.callTool({ serverId: 'everything', name: 'trigger-long-running-operation', args: { duration: 3, steps: 6 }, callId: 'live' })
    await waitFor(() => expect(rowNamed('everything.trigger-long-running-operation')?.dataset.status).toBe('running'))
    fireEvent.click(rowNamed('everything.trigger-long-running-operation')!)
    const bar = () => screen.getAllByTestId('span-bar').find((b) => b.closest<HTMLElement>('[data-span-name]')?.dataset.spanName === 'everything.trigger-long-running-operation')!
    await waitFor(() => expect(bar().dataset.status).toBe('running'))
    // a running root spans the whole axis, which grows with it: its duration is what grows
    const duration = () => {
      const [, value, unit] = /([\d.]+) (ms|s)/.exec(bar().title)!
      return Number(value) * (unit === 's' ? 1000 : 1)
    }
    const first = duration()
    await waitFor(() => expect(duration()).toBeGreaterThan(first))
    await waitFor(() => expect(screen.getAllByTestId('span-event').filter((e) => e.dataset.event === 'progress').length).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    await call
    await waitFor(() => expect(bar().dataset.status).toBe('ok'))
    await waitFor(() => expect(rowNamed('everything.trigger-long-running-operation')?.dataset.status).toBe('ok'))
  })

  it('opens on the trace its address names, and Clear empties it', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'linked' } })
    const [summary] = await main.api.trace.list({ tool: 'echo' })
    window.history.replaceState(null, '', `/trace.html?traceId=${summary.traceId}`)
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(screen.getByTestId('span-details').dataset.spanName).toBe('everything.echo'))
    expect(screen.getByTestId('span-input').textContent).toContain('linked')

    fireEvent.click(screen.getByTestId('trace-clear'))
    // Clear asks first; its OK button is the one in the confirmation
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear' }))
    await screen.findByTestId('trace-empty')
    expect(await main.api.trace.list()).toEqual([])
  })

  it('Pause recording: a call made while paused never shows, the kept ones stay; Resume and the next call shows', async () => {
    const main = await mainWithEverything()
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'before' } })
    renderApp(<TracePage />, { api: main.api })
    await waitFor(() => expect(rowNamed('everything.echo')).toBeTruthy())
    const toggle = screen.getByTestId('trace-recording')
    await waitFor(() => expect(toggle.dataset.recording).toBe('true'))

    fireEvent.click(screen.getByRole('button', { name: 'Pause recording' }))
    const paused = await screen.findByTestId('trace-paused')
    expect(paused.textContent).toContain('Recording is paused')
    expect(toggle.textContent).toBe('Resume recording')
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'while paused' } })
    expect((await main.api.trace.list({ tool: 'echo' })).length).toBe(1)

    fireEvent.click(within(paused).getByRole('button', { name: 'Resume recording' }))
    await waitFor(() => expect(screen.queryByTestId('trace-paused')).toBeNull())
    expect(toggle.dataset.recording).toBe('true')
    await main.api.mcp.callTool({ serverId: 'everything', name: 'echo', args: { message: 'after' } })
    await waitFor(() => expect(rows().filter((row) => within(row).getByTestId('trace-row-name').textContent === 'everything.echo')).toHaveLength(2))
    // the two listed are the calls before and after the pause
    fireEvent.change(screen.getByLabelText('Search names, arguments, errors'), { target: { value: 'while paused' } })
    expect((await screen.findByTestId('trace-no-match')).textContent).toContain('No operation matches')
  })
})
