import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ToolsTab } from '@renderer/components/editor/ToolsTab'
import { setLanguage } from '@renderer/store/settings'
import { createMcpApi } from '../support/mainSide'
import { renderApp } from '../support/renderApp'
import { EVERYTHING, StoreTab, stdioServer } from '../tools/harness'

let dispose: (() => Promise<void>) | undefined
afterEach(async () => {
  await dispose?.()
  dispose = undefined
})

/** server-everything's simulate-research-query (taskSupport required) in the runner, on the real main side. */
async function openResearch(topic: string) {
  const main = await createMcpApi()
  dispose = main.dispose
  const server = stdioServer('everything', EVERYTHING)
  await main.addServers([server])
  const view = renderApp(<StoreTab id={server.id} tab={ToolsTab} />, { api: main.api })
  fireEvent.click(await screen.findByTestId('tool-run-simulate-research-query', {}, { timeout: 20_000 }))
  const body = await screen.findByTestId('tool-runner-body')
  fireEvent.change(within(body).getByLabelText(/^topic/), { target: { value: topic } })
  return view
}

const taskStatus = () => screen.getByTestId('runner-task-status')

// a tool that needs MCP Tasks runs as one; the runner shows its status and message
describe('a task tool in the runner', () => {
  it("shows the task's status and message while it works, then the result with the task completed", async () => {
    await openResearch('tides')
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(taskStatus().dataset.status).toBe('working'), { timeout: 20_000 })
    expect(taskStatus().textContent).toBe('Working')
    expect(screen.getByTestId('runner-progress-message').textContent).toMatch(/^(Gathering sources|Analyzing content|Synthesizing findings|Generating report)\.\.\.$/)
    const result = await screen.findByTestId('tool-result', {}, { timeout: 20_000 })
    expect(result.textContent).toContain('Research Report: tides')
    expect(taskStatus().dataset.status).toBe('completed')
    expect(taskStatus().textContent).toBe('Completed')
    expect(screen.queryByTestId('runner-error')).toBeNull()
  })

  it('in Chinese the status is translated; Cancel stops the task', async () => {
    const { store } = await openResearch('moss')
    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    fireEvent.click(screen.getByTestId('runner-run'))
    await waitFor(() => expect(taskStatus().textContent).toBe('进行中'), { timeout: 20_000 })
    fireEvent.click(screen.getByTestId('runner-cancel'))
    expect((await screen.findByTestId('runner-cancelled')).textContent).toContain('已取消')
    expect(screen.queryByTestId('runner-task-status')).toBeNull()
  })
})
