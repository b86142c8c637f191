import type { McpApi } from '@shared/ipc/api'
import type { McpServer } from '@shared/mcp/server'
import type { AppDispatch, RootState } from '@renderer/store'
import { approveTarget, removeServer, updateServer } from '@renderer/store/mcp'
import { runtimeRemoved, statusChanged, toolCountLoaded } from '@renderer/store/runtime'
import type { ServerLogStore } from '@renderer/store/serverLogStore'
import { approvalTarget, needsApproval } from './approval'
import type { ServerRuntimeApi } from './serverRuntimeContext'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export interface ServerRuntimeDeps {
  api: McpApi
  getState: () => RootState
  dispatch: AppDispatch
  logs: ServerLogStore
  /** shows the full command and resolves with the user's answer */
  askApproval: (server: McpServer) => Promise<boolean>
}

/** The public actions plus what the event handlers of the provider need. */
export interface ServerRuntime extends ServerRuntimeApi {
  connect(server: McpServer): Promise<void>
  loadToolCount(server: McpServer): Promise<void>
  current(id: string): McpServer | undefined
}

/** Every call to main about a server's lifecycle, and what it means for the runtime slice. */
export function createServerRuntime({ api, getState, dispatch, logs, askApproval }: ServerRuntimeDeps): ServerRuntime {
  const counting = new Map<string, Promise<void>>()
  const approved = () => getState().mcp.approvedTargets ?? {}
  const setStatus = (server: McpServer, status: 'connecting' | 'connected' | 'stopped') =>
    dispatch(statusChanged({ serverId: server.id, status }))
  const setError = (server: McpServer, error: unknown) =>
    dispatch(statusChanged({ serverId: server.id, status: 'error', error: messageOf(error) }))

  // one listing per server at a time: the connected event and initClient's answer both ask
  const loadToolCount = (server: McpServer) => {
    const running = counting.get(server.id)
    if (running) return running
    const job = api.mcp
      .listTools({ server })
      .then((tools) => void dispatch(toolCountLoaded({ serverId: server.id, count: tools.length })))
      // the status already says why: a failed count is not a second error
      .catch(() => undefined)
      .finally(() => counting.delete(server.id))
    counting.set(server.id, job)
    return job
  }

  const connect = async (server: McpServer) => {
    setStatus(server, 'connecting')
    try {
      await api.mcp.initClient({ server })
      setStatus(server, 'connected')
      await loadToolCount(server)
    } catch (error) {
      setError(server, error)
    }
  }

  return {
    logs,
    connect,
    loadToolCount,
    current: (id) => getState().mcp.servers.find((s) => s.id === id),
    needsApproval: (server) => needsApproval(server, approved()),
    async start(server) {
      if (needsApproval(server, approved())) {
        if (!(await askApproval(server))) return false
        dispatch(approveTarget({ id: server.id, target: approvalTarget(server) }))
      }
      dispatch(updateServer({ id: server.id, changes: { isActive: true } }))
      await connect({ ...server, isActive: true })
      return true
    },
    retry: connect,
    async stop(server) {
      dispatch(updateServer({ id: server.id, changes: { isActive: false } }))
      try {
        await api.mcp.stopServer({ server })
        setStatus(server, 'stopped')
      } catch (error) {
        setError(server, error)
      }
    },
    async restart(server) {
      setStatus(server, 'connecting')
      try {
        await api.mcp.restartServer({ server })
        setStatus(server, 'connected')
        await loadToolCount(server)
      } catch (error) {
        setError(server, error)
      }
    },
    async remove(server) {
      try {
        await api.mcp.removeServer({ server })
      } finally {
        // the user asked for the config to go: it goes even if main could not be told
        dispatch(removeServer(server.id))
        dispatch(runtimeRemoved(server.id))
        logs.remove(server.id)
      }
    }
  }
}
