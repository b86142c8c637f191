import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { progressOf } from './callHelpers'
import { closeAllServices, everythingStdio, makeService, waitFor, type RecordedEvent } from './helpers'
import { taskLab } from './taskServer'

// tools whose execution.taskSupport is required or optional run as MCP tasks
let service: MCPService
let events: RecordedEvent[]
const lab = taskLab()
const labServer: McpServer = { id: 'task-lab', name: 'task-lab', type: 'inMemory', isActive: true }

beforeAll(() => {
  ;({ service, events } = makeService({ inMemoryServers: { 'task-lab': lab.factory } }))
})
afterAll(closeAllServices)

type TaskProgress = ReturnType<typeof progressOf>[number] & { task?: { taskId: string; status: string } }
const statusesOf = (callId: string) => (progressOf(events, callId) as TaskProgress[]).filter((p) => p.task)
const hostLines = (server: McpServer) => service.getServerLogs(server).filter((e) => e.source === 'host').map((e) => e.message)

describe('server-everything simulate-research-query (taskSupport required)', () => {
  const everything = everythingStdio({ id: 'tasks-everything' })

  it('completes with its report, and its status messages arrive as progress events with the task status', async () => {
    const result = await service.callTool({ server: everything, name: 'simulate-research-query', args: { topic: 'tides' }, callId: 'research-1' })
    expect(result.isError).toBeFalsy()
    expect(JSON.stringify(result.content)).toContain('Research Report: tides')
    const statuses = statusesOf('research-1')
    expect(statuses.length).toBeGreaterThanOrEqual(1)
    expect(statuses[0]).toMatchObject({ callId: 'research-1', message: 'Gathering sources...', task: { status: 'working' } })
    expect(statuses.map((s) => s.message)).toContain('Generating report...')
    // one task throughout
    expect(new Set(statuses.map((s) => s.task?.taskId)).size).toBe(1)
    expect(hostLines(everything).at(-1)).toMatch(/^called simulate-research-query: ok in \d+ ms$/)
  })

  it('a question the task asks goes through the normal elicitation dialog, and the answer shapes the result', async () => {
    const call = service.callTool({ server: everything, name: 'simulate-research-query', args: { topic: 'python', ambiguous: true }, callId: 'research-2' })
    await waitFor(() => events.some((e) => e.event === 'mcp:elicitation-request'), 20_000, 'the task to ask for clarification')
    const asked = events.find((e) => e.event === 'mcp:elicitation-request')
    expect(asked?.payload).toMatchObject({ serverId: everything.id, params: { message: expect.stringContaining('multiple interpretations') } })
    expect(statusesOf('research-2').map((s) => s.task?.status)).toContain('input_required')
    expect(service.respondElicitation({ requestId: asked?.payload.requestId, response: { action: 'accept', content: { interpretation: 'snake' } } })).toBe(true)
    const result = await call
    expect(JSON.stringify(result.content)).toContain('Research Report: python (snake)')
    // the server's status after the answer reaches the runner too
    expect(statusesOf('research-2').map((s) => s.message)).toContain('Continuing with interpretation: "snake"...')
  })

  it('Cancel mid-task sends tasks/cancel: the server reports the task cancelled and the call ends CANCELLED', async () => {
    const call = service.callTool({ server: everything, name: 'simulate-research-query', args: { topic: 'moss' }, callId: 'research-3' })
    await waitFor(() => statusesOf('research-3').length > 0, 20_000, 'the task to start')
    expect(service.abortTool('research-3')).toBe(true)
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED', message: 'MCP server "everything": call of tool "simulate-research-query" was cancelled by the user' })
    // the server's own answer to tasks/cancel
    expect(statusesOf('research-3').at(-1)).toMatchObject({ task: { status: 'cancelled' }, message: 'Client cancelled task execution.' })
    expect(hostLines(everything).at(-1)).toMatch(/^cancelled simulate-research-query after \d+ ms by the user$/)
  })

  it('a plain tool of the same server is called as before: a result, no task status', async () => {
    const result = await service.callTool({ server: everything, name: 'echo', args: { message: 'still plain' }, callId: 'plain-1' })
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: still plain' }])
    expect(statusesOf('plain-1')).toEqual([])
  })
})

describe('task calls on a server the test drives', () => {
  it('an optional-task tool runs as a task: each new status once, in order, then the result', async () => {
    const call = service.callTool({ server: labServer, name: 'gated', args: { label: 'a' }, callId: 'gated-1' })
    await waitFor(() => statusesOf('gated-1').some((s) => s.message === 'step 1'), 10_000, 'step 1')
    lab.release()
    await waitFor(() => statusesOf('gated-1').some((s) => s.message === 'step 2'), 10_000, 'step 2')
    lab.release()
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'gated a done' }] })
    const seen = statusesOf('gated-1').map((s) => `${s.task?.status} ${s.message ?? ''}`.trim())
    expect(seen.filter((s) => s.startsWith('working step'))).toEqual(['working step 1', 'working step 2'])
    expect(seen.at(-1)).toMatch(/^completed/)
    expect(statusesOf('gated-1').map((s) => s.progress)).toEqual(seen.map((_, i) => i + 1))
  })

  it('a new status message with the same timestamp as the one before is still shown', async () => {
    // every timestamp the same, as when a server updates a task twice within one millisecond
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const call = service.callTool({ server: labServer, name: 'gated', args: { label: 'c' }, callId: 'gated-same-ms' })
      await waitFor(() => statusesOf('gated-same-ms').some((s) => s.message === 'step 1'), 10_000, 'step 1')
      lab.release()
      await waitFor(() => statusesOf('gated-same-ms').some((s) => s.message === 'step 2'), 10_000, 'step 2')
      lab.release()
      expect(await call).toMatchObject({ content: [{ type: 'text', text: 'gated c done' }] })
      expect(statusesOf('gated-same-ms').map((s) => s.task?.status)).toContain('completed')
    } finally {
      vi.useRealTimers()
    }
  })

  it("Cancel leaves the task cancelled in the server's own store", async () => {
    const call = service.callTool({ server: labServer, name: 'gated', args: { label: 'b' }, callId: 'gated-2' })
    await waitFor(() => statusesOf('gated-2').some((s) => s.message === 'step 1'), 10_000, 'step 1')
    expect(service.abortTool('gated-2')).toBe(true)
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' })
    const taskId = statusesOf('gated-2')[0].task?.taskId as string
    expect(await lab.store.getTask(taskId)).toMatchObject({ status: 'cancelled' })
    // the task's own work goes on to its next step, where the store refuses a cancelled task
    await waitFor(() => lab.waitingCount() === 1, 10_000, 'the cancelled task to wait at its gate')
    lab.release()
  })

  it('a task the server fails is an error with its status message', async () => {
    await expect(service.callTool({ server: labServer, name: 'doomed', args: {}, callId: 'doomed-1' })).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
      message: expect.stringMatching(/^MCP server "task-lab": tool "doomed" failed \(task \w+\): the upstream API refused the key — check the server's logs$/)
    })
  })

  it('a task the server cancels is CANCELLED, saying so and why', async () => {
    await expect(service.callTool({ server: labServer, name: 'abandoned', args: {} })).rejects.toMatchObject({
      code: 'CANCELLED',
      message: expect.stringMatching(/^MCP server "task-lab": the server cancelled the task of tool "abandoned" \(task \w+\): maintenance window$/)
    })
  })

  it("a task silent for longer than the timeout is cancelled on the server and the call fails as a timeout", async () => {
    const call = service.callTool({ server: labServer, name: 'stalled', args: {}, callId: 'stalled-1' }, { timeoutMs: 300 })
    await expect(call).rejects.toMatchObject({
      code: 'TOOL_TIMEOUT',
      message:
        'MCP server "task-lab": tool "stalled" runs as a task that reported no new status for 300 ms, so it was cancelled — raise the server\'s timeout if its tasks work quietly for longer'
    })
    const taskId = statusesOf('stalled-1')[0].task?.taskId as string
    expect(await lab.store.getTask(taskId)).toMatchObject({ status: 'cancelled' })
  })

  it('the cap ends a task that keeps reporting, and cancels it on the server', async () => {
    const call = service.callTool({ server: labServer, name: 'gated', args: { label: 'c' }, callId: 'gated-3' }, { longRunningMaxMs: 300 })
    await expect(call).rejects.toMatchObject({ code: 'TOOL_TIMEOUT', message: expect.stringContaining('was stopped at the long-running limit of 300 ms') })
    const taskId = statusesOf('gated-3')[0].task?.taskId as string
    expect(await lab.store.getTask(taskId)).toMatchObject({ status: 'cancelled' })
    while (lab.waitingCount()) lab.release()
  })

  it('a plain tool on a server that offers tasks is a plain call', async () => {
    expect(await service.callTool({ server: labServer, name: 'plain', args: { text: 'x' }, callId: 'lab-plain' })).toEqual({
      content: [{ type: 'text', text: 'plain x' }]
    })
    expect(statusesOf('lab-plain')).toEqual([])
  })
})
