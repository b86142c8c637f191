import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useStore } from 'react-redux'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import type { RootState } from '@renderer/store'
import { serversChanged } from '@renderer/store/mcp'
import { resourceUpdated } from '@renderer/store/resourceUpdates'
import { statusChanged } from '@renderer/store/runtime'
import { createServerCommands } from '@renderer/store/serverCommands'
import { ServerLogStore } from '@renderer/store/serverLogStore'
import { createServerRuntime } from './serverRuntime'
import { ServerRuntimeContext } from './serverRuntimeContext'
import { StartApprovalDialog } from './StartApprovalDialog'

interface PendingApproval {
  server: McpServer
  resolve: (approved: boolean) => void
}

/**
 * The one place that listens to main about servers: the list (a mirror of main's registry),
 * status and log events, tool counts, and the start of the active servers once the list arrived
 * (lazy, not at window load). Components act through what it provides (useServerActions).
 */
export function ServerRuntimeProvider({ children }: { children: ReactNode }) {
  const api = useApi()
  const store = useStore<RootState>()
  const [pending, setPending] = useState<PendingApproval[]>([])
  const [runtime] = useState(() =>
    createServerRuntime({
      api,
      commands: createServerCommands(api, store.dispatch),
      getState: store.getState,
      dispatch: store.dispatch,
      logs: new ServerLogStore(),
      askApproval: (server) => new Promise<boolean>((resolve) => setPending((queue) => [...queue, { server, resolve }]))
    })
  )

  useEffect(() => {
    const offServers = api.on('servers:changed', (snapshot) => store.dispatch(serversChanged(snapshot)))
    const offStatus = api.on('mcp:server-status', (event) => {
      const server = runtime.current(event.serverId)
      if (!server) return
      store.dispatch(statusChanged(event))
      if (event.status === 'connected') void runtime.loadToolCount(server)
    })
    const offLogs = api.on('mcp:server-log', (event) => runtime.logs.append(event.serverId, event.entries))
    // marked here, whichever tab is open: the Resources tab shows the marks when it opens
    const offUpdates = api.on('mcp:resource-updated', (event) => store.dispatch(resourceUpdated(event)))
    const offLists = api.on('mcp:list-changed', (event) => {
      const server = runtime.current(event.serverId)
      // listing would start a server the user just stopped: only a running one is counted again
      if (event.list === 'tools' && server?.isActive) void runtime.loadToolCount(server)
    })
    return () => {
      offServers()
      offStatus()
      offLogs()
      offUpdates()
      offLists()
    }
  }, [api, runtime, store])

  // StrictMode runs effects twice: the list is asked for, and the active servers started, once
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void runtime.commands.load().then(
      () => {
        const { mcp, runtime: known } = store.getState()
        for (const server of mcp.servers) {
          if (server.isActive && runtime.isApproved(server) && !known.servers[server.id]) void runtime.connect(server)
        }
      },
      // the list shows the error with a retry
      () => undefined
    )
  }, [runtime, store])

  const head = pending[0]
  const settle = (approved: boolean) => {
    head?.resolve(approved)
    setPending((queue) => queue.slice(1))
  }

  return (
    <ServerRuntimeContext.Provider value={runtime}>
      {children}
      <StartApprovalDialog server={head?.server ?? null} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    </ServerRuntimeContext.Provider>
  )
}
