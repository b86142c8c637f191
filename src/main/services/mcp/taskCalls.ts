import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { isTerminal } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js'
import { CallToolResultSchema, TaskStatusNotificationSchema, type CallToolResult, type Task, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { McpServerError } from './errors'
import type { McpEmit } from './events'

/**
 * Tools whose `execution.taskSupport` is `required` or `optional` run as MCP tasks
 * (the SDK's experimental tasks API). `optional` runs as a task too: its status messages are
 * shown, and the call is not one request a slow answer can time out.
 */
export type TaskMode = 'required' | 'optional'

/** tasks/cancel is a courtesy on the way out: a server that does not answer soon is not waited for */
const CANCEL_TIMEOUT_MS = 5_000

/** Whether the server takes task-augmented tools/call at all; false keeps plain calls on their hot path. */
export function offersToolTasks(client: Client): boolean {
  return Boolean(client.getServerCapabilities()?.tasks?.requests?.tools?.call)
}

const modesByList = new WeakMap<Tool[], Map<string, TaskMode>>()

/** A tool's task mode from the connection's cached tool list (indexed once per list); a list that fails means a plain call. */
export async function taskModeOf(name: string, tools: () => Promise<Tool[]>): Promise<TaskMode | undefined> {
  let list: Tool[]
  try {
    list = await tools()
  } catch {
    return undefined
  }
  let modes = modesByList.get(list)
  if (!modes) {
    modes = new Map()
    for (const tool of list) {
      const support = tool.execution?.taskSupport
      if (support === 'required' || support === 'optional') modes.set(tool.name, support)
    }
    modesByList.set(list, modes)
  }
  return modes.get(name)
}

type StatusListener = (task: Task) => void
const listenersByClient = new WeakMap<Client, Map<string, StatusListener>>()

/** notifications/tasks/status of one task; the client's one handler is set on its first task. */
function watchStatus(client: Client, taskId: string, listener: StatusListener): () => void {
  let byTask = listenersByClient.get(client)
  if (!byTask) {
    const listeners = new Map<string, StatusListener>()
    client.setNotificationHandler(TaskStatusNotificationSchema, ({ params }) => listeners.get(params.taskId)?.(params))
    listenersByClient.set(client, listeners)
    byTask = listeners
  }
  byTask.set(taskId, listener)
  return () => byTask.delete(taskId)
}

/** The server's timeout between status updates; paused while the task waits for the user. */
class Watchdog {
  private timer: ReturnType<typeof setTimeout> | undefined
  constructor(
    private readonly ms: number,
    private readonly fire: () => void
  ) {}
  restart(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(this.fire, this.ms)
  }
  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}

export interface TaskRun {
  client: Client
  server: McpServer
  name: string
  args: Record<string, unknown>
  callId: string
  /** Cancel, the cap or the watchdog: the task is then cancelled on the server (tasks/cancel) */
  signal: AbortSignal
  /** how long the task may go without a status update (the server's timeout) */
  silenceMs: number
  /** each request's own limit: tasks/result may rightly block until the task ends */
  requestTimeoutMs: number
  onSilence: () => void
  emit: McpEmit
}

function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {}
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  promise.catch(() => {})
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) }
}

/**
 * One tool call as a task: created by tools/call, followed by the SDK's polling (tasks/get) and the
 * server's notifications/tasks/status, each new status sent as a `progress` event, and its result
 * fetched with tasks/result. Questions the task asks (elicitation) reach the client's normal
 * request handlers, so the normal dialogs answer them.
 */
export async function runToolTask(run: TaskRun): Promise<CallToolResult> {
  const { client, signal } = run
  let taskId: string | undefined
  let last: Task | undefined
  let updates = 0
  const watchdog = new Watchdog(run.silenceMs, run.onSilence)
  const seen = (task: Task) => {
    if (task.taskId !== taskId || (last && task.lastUpdatedAt < last.lastUpdatedAt)) return
    const before = last
    last = task
    // two updates in one millisecond share a timestamp: the message still tells them apart
    const changed = !before || before.status !== task.status || before.statusMessage !== task.statusMessage
    if (!changed && before.lastUpdatedAt === task.lastUpdatedAt) return
    // the user is being asked: their dialog has its own limit
    if (task.status === 'input_required' || isTerminal(task.status)) watchdog.stop()
    else watchdog.restart()
    if (!changed) return
    updates++
    run.emit('progress', { callId: run.callId, progress: updates, message: task.statusMessage, task: { taskId: task.taskId, status: task.status } })
  }
  let unwatch = () => {}
  const aborted = whenAborted(signal)
  // the task is asked for explicitly: the SDK's own guess knows only the last page of tools/list
  const stream = client.experimental.tasks.callToolStream({ name: run.name, arguments: run.args }, CallToolResultSchema, {
    task: {},
    timeout: run.requestTimeoutMs,
    signal
  })
  watchdog.restart()
  try {
    for (;;) {
      const next = await Promise.race([stream.next(), aborted.promise])
      if (next.done) throw new McpServerError(run.server, 'REQUEST_FAILED', `the task of tool "${run.name}" ended without a result — check the server's logs`)
      const message = next.value
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId
        unwatch = watchStatus(client, taskId, seen)
        seen(message.task)
      } else if (message.type === 'taskStatus') seen(message.task)
      else if (message.type === 'result') return message.result as CallToolResult
      else throw endedBadly(run, last) ?? message.error
    }
  } catch (error) {
    if (signal.aborted && taskId && !(last && isTerminal(last.status))) await cancelTask(client, taskId, seen)
    throw error
  } finally {
    watchdog.stop()
    unwatch()
    aborted.dispose()
    // a poll still sleeping ends on its own; nothing waits for it
    stream.return(undefined).catch(() => {})
  }
}

async function cancelTask(client: Client, taskId: string, seen: StatusListener): Promise<void> {
  try {
    seen(await client.experimental.tasks.cancelTask(taskId, { timeout: CANCEL_TIMEOUT_MS }))
  } catch {
    // the server may have ended the task itself meanwhile, or be gone; the call ends cancelled either way
  }
}

/** A task the server failed or cancelled, in words; undefined when the error is about the requests themselves. */
function endedBadly(run: TaskRun, task: Task | undefined): McpServerError | undefined {
  const why = task?.statusMessage ? `: ${task.statusMessage}` : ''
  if (task?.status === 'failed') {
    return new McpServerError(run.server, 'REQUEST_FAILED', `tool "${run.name}" failed (task ${task.taskId})${why || ' without saying why'} — check the server's logs`)
  }
  if (task?.status === 'cancelled') {
    return new McpServerError(run.server, 'CANCELLED', `the server cancelled the task of tool "${run.name}" (task ${task.taskId})${why}`)
  }
  return undefined
}
