import {
  InMemoryTaskMessageQueue,
  InMemoryTaskStore,
  type TaskRequestHandlerExtra,
  type ToolTaskHandler
} from '@modelcontextprotocol/sdk/experimental/tasks/index.js'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { InProcessServer } from '../../../src/main/services/mcp/transports/inMemory'

/**
 * An in-process server whose tools are MCP tasks the test drives: `gated` (taskSupport optional)
 * reports "step 1", then waits for `release()` before "step 2" and again before its result;
 * `doomed` fails, `abandoned` is cancelled by the server, `stalled` never reports again; `plain`
 * is an ordinary tool. `store` is the server's own task store, to see what the server holds.
 */
export function taskLab() {
  const store = new InMemoryTaskStore()
  const waiting: Array<() => void> = []
  const gate = () => new Promise<void>((resolve) => waiting.push(resolve))
  const later = (work: () => Promise<void>) => void setImmediate(() => void work().catch(() => {}))

  function build(): InProcessServer {
    const server = new SdkMcpServer(
      { name: 'task-lab', version: '1.0.0' },
      {
        capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
        taskStore: store,
        taskMessageQueue: new InMemoryTaskMessageQueue()
      }
    )
    const tasks = server.experimental.tasks
    const result = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] })
    const created = async (taskStore: RequestTaskStore, run: (taskId: string) => Promise<void>) => {
      const task = await taskStore.createTask({ ttl: 60_000, pollInterval: 50 })
      later(() => run(task.taskId))
      return { task }
    }
    const lookups = {
      getTask: async (extra: TaskRequestHandlerExtra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (extra: TaskRequestHandlerExtra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult
    }

    const gatedInput = { label: z.string() }
    const gated: ToolTaskHandler<typeof gatedInput> = {
      createTask: ({ label }, extra) =>
        created(extra.taskStore, async (taskId) => {
          await extra.taskStore.updateTaskStatus(taskId, 'working', 'step 1')
          await gate()
          await extra.taskStore.updateTaskStatus(taskId, 'working', 'step 2')
          await gate()
          await extra.taskStore.storeTaskResult(taskId, 'completed', result(`gated ${label} done`))
        }),
      getTask: (_args, extra) => lookups.getTask(extra),
      getTaskResult: (_args, extra) => lookups.getTaskResult(extra)
    }
    tasks.registerToolTask('gated', { inputSchema: gatedInput, execution: { taskSupport: 'optional' } }, gated)

    const oneShot = (name: string, status: 'failed' | 'cancelled' | 'working', message: string) => {
      const handler: ToolTaskHandler = {
        createTask: (extra) => created(extra.taskStore, (taskId) => extra.taskStore.updateTaskStatus(taskId, status, message)),
        ...lookups
      }
      tasks.registerToolTask(name, { execution: { taskSupport: 'required' } }, handler)
    }
    oneShot('doomed', 'failed', 'the upstream API refused the key')
    oneShot('abandoned', 'cancelled', 'maintenance window')
    oneShot('stalled', 'working', 'waiting for nothing')

    server.registerTool('plain', { inputSchema: { text: z.string() } }, async ({ text }) => result(`plain ${text}`))
    return server
  }

  return {
    store,
    factory: () => build(),
    /** lets the gated task go on to its next step */
    release: () => waiting.shift()?.(),
    /** how many gated steps are waiting */
    waitingCount: () => waiting.length
  }
}
