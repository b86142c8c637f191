import type { McpApi } from '@shared/ipc/api'
import type { McpServer } from '@shared/mcp/server'
import type { AppDispatch, RootState } from '@renderer/store'
import { runtimeRemoved, statusChanged, toolCountLoaded } from '@renderer/store/runtime'
import type { ServerCommands } from '@renderer/store/serverCommands'
import type { ServerLogStore } from '@renderer/store/serverLogStore'
import { pageAsksFirst } from './approval'
import type { ServerRuntimeApi } from './serverRuntimeContext'

import { describeError } from '@renderer/components/errors/describeError'

export interface ServerRuntimeDeps {
  api: McpApi
  commands: ServerCommands
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
export function createServerRuntime({ api, commands, getState, dispatch, logs, askApproval }: ServerRuntimeDeps): ServerRuntime {
  const counting = new Map<string, Promise<void>>()
  let mode: Promise<'electron' | 'browser'> | undefined
  const appMode = () => (mode ??= api.app.getInfo().then((info) => info.mode, () => 'browser' as const))
  const approved = (server: McpServer) => getState().mcp.approved[server.id] === true
  const setStatus = (server: McpServer, status: 'connecting' | 'connected' | 'stopped') =>
    dispatch(statusChanged({ serverId: server.id, status }))
  const setError = (server: McpServer, error: unknown) => {
    const { message, code } = describeError(error)
    dispatch(statusChanged({ serverId: server.id, status: 'error', error: message, code }))
  }

  // one listing per server at a time: the connected event and initClient's answer both ask
  const loadToolCount = (server: McpServer) => {
    const running = counting.get(server.id)
    if (running) return running
    const job = api.mcp
      .listTools({ serverId: server.id })
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
      await api.mcp.initClient({ serverId: server.id })
      setStatus(server, 'connected')
      await loadToolCount(server)
    } catch (error) {
      setError(server, error)
    }
  }

  /** main runs only what the user approved; the page shows the command first where main does not ask itself. */
  const ensureApproved = async (server: McpServer, typedByUser: boolean) => {
    if (approved(server)) return true
    if (!typedByUser && pageAsksFirst(server, await appMode()) && !(await askApproval(server))) return false
    return commands.approve([server.id])
  }

  return {
    logs,
    commands,
    connect,
    loadToolCount,
    current: (id) => getState().mcp.servers.find((s) => s.id === id),
    isApproved: approved,
    async start(server) {
      try {
        if (!(await ensureApproved(server, false))) return false
        await commands.update(server.id, { isActive: true })
      } catch (error) {
        setError(server, error)
        return false
      }
      await connect({ ...server, isActive: true })
      return true
    },
    retry: connect,
    async stop(server) {
      try {
        await commands.update(server.id, { isActive: false })
        await api.mcp.stopServer({ serverId: server.id })
        setStatus(server, 'stopped')
      } catch (error) {
        setError(server, error)
      }
    },
    async restart(server, options = {}) {
      try {
        // the editor showed the whole command while it was edited: saving it is the approval
        if (!(await ensureApproved(server, options.typedByUser ?? false))) return
        setStatus(server, 'connecting')
        await api.mcp.restartServer({ serverId: server.id })
        setStatus(server, 'connected')
        await loadToolCount(server)
      } catch (error) {
        setError(server, error)
      }
    },
    async remove(server) {
      await commands.remove(server.id)
      dispatch(runtimeRemoved(server.id))
      logs.remove(server.id)
    }
  }
}
