import { useCallback, useEffect, useRef, useState } from 'react'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ProgressEvent } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'

/** The last status of a call that ran as an MCP task. */
export type TaskState = NonNullable<ProgressEvent['task']>

export type ToolCallState =
  | { status: 'idle' }
  | { status: 'running'; callId: string; startedAt: number; progress?: ProgressEvent }
  | { status: 'done'; result: CallToolResult; elapsedMs: number; task?: TaskState }
  | { status: 'failed'; error: AppError; elapsedMs: number; task?: TaskState }
  | { status: 'cancelled'; elapsedMs: number }

interface RunningCall {
  callId: string
  startedAt: number
  cancelled: boolean
  /** kept from its progress events, to show with the result */
  task?: TaskState
}

/**
 * One tool call at a time from the runner: a fresh callId per run so progress events and the
 * abort are matched to this call only, the elapsed time, and what came back.
 */
export function useToolCall(server: McpServer, toolName: string) {
  const api = useApi()
  const [state, setState] = useState<ToolCallState>({ status: 'idle' })
  const current = useRef<RunningCall | null>(null)

  useEffect(
    () =>
      api.on('mcp:progress', (event) => {
        if (event.callId !== current.current?.callId) return
        if (event.task) current.current.task = event.task
        setState((s) => (s.status === 'running' && s.callId === event.callId ? { ...s, progress: event } : s))
      }),
    [api]
  )

  // a closed runner must not leave a call running on the server
  useEffect(
    () => () => {
      const call = current.current
      if (call) void api.mcp.abortTool({ callId: call.callId }).catch(() => {})
      current.current = null
    },
    [api]
  )

  const run = useCallback(
    async (args: Record<string, unknown>) => {
      const callId = crypto.randomUUID()
      const startedAt = Date.now()
      const call: RunningCall = { callId, startedAt, cancelled: false }
      current.current = call
      setState({ status: 'running', callId, startedAt })
      try {
        const result = await api.mcp.callTool({ serverId: server.id, name: toolName, args, callId })
        if (current.current !== call) return
        setState(
          call.cancelled
            ? { status: 'cancelled', elapsedMs: Date.now() - startedAt }
            : { status: 'done', result, elapsedMs: Date.now() - startedAt, task: call.task }
        )
      } catch (error) {
        if (current.current !== call) return
        setState(
          call.cancelled
            ? { status: 'cancelled', elapsedMs: Date.now() - startedAt }
            : { status: 'failed', error: describeError(error), elapsedMs: Date.now() - startedAt, task: call.task }
        )
      } finally {
        if (current.current === call) current.current = null
      }
    },
    [api, server, toolName]
  )

  const cancel = useCallback(async () => {
    const call = current.current
    if (!call) return
    call.cancelled = true
    // show "cancelled" at once; the rejected call that follows is then ignored
    current.current = null
    setState({ status: 'cancelled', elapsedMs: Date.now() - call.startedAt })
    await api.mcp.abortTool({ callId: call.callId }).catch(() => false)
  }, [api])

  return { state, run, cancel }
}
