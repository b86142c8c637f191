import { useEffect, useState, type ReactNode } from 'react'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { useAppDispatch } from '@renderer/hooks/useStore'
import { resourceUpdated } from '@renderer/store/resourceUpdates'
import { ServerLogStore } from '@renderer/store/serverLogStore'
import { ServerPageContext, type ServerPage } from './serverPageContext'
import { StartApprovalDialog } from './StartApprovalDialog'

interface PendingApproval {
  server: McpServer
  resolve: (approved: boolean) => void
}

/**
 * The servers page's own state: log lines and "Updated" marks as main pushes them (kept whichever
 * tab is open), and the approval dialog the page shows in browser mode. Main's list and states
 * are in the api's cache; nothing here starts a server.
 */
export function ServerPageProvider({ children }: { children: ReactNode }) {
  const api = useApi()
  const dispatch = useAppDispatch()
  const [pending, setPending] = useState<PendingApproval[]>([])
  const [page] = useState<ServerPage>(() => ({
    logs: new ServerLogStore(),
    askApproval: (server) => new Promise<boolean>((resolve) => setPending((queue) => [...queue, { server, resolve }]))
  }))

  useEffect(() => {
    const offLogs = api.on('mcp:server-log', (event) => page.logs.append(event.serverId, event.entries))
    const offUpdates = api.on('mcp:resource-updated', (event) => dispatch(resourceUpdated(event)))
    return () => {
      offLogs()
      offUpdates()
    }
  }, [api, page, dispatch])

  const head = pending[0]
  const settle = (approved: boolean) => {
    head?.resolve(approved)
    setPending((queue) => queue.slice(1))
  }

  return (
    <ServerPageContext.Provider value={page}>
      {children}
      <StartApprovalDialog server={head?.server ?? null} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    </ServerPageContext.Provider>
  )
}
