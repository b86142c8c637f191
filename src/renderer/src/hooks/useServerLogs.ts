import { useEffect, useSyncExternalStore } from 'react'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { useServerPage } from '@renderer/components/servers/serverPageContext'

/**
 * A server's log lines as they arrive, oldest first. The first time a server's logs are shown, what
 * main still holds from before this window listened is merged in (getServerLogs).
 */
export function useServerLogs(server: McpServer): readonly ServerLogEntry[] {
  const api = useApi()
  const { logs } = useServerPage()
  const entries = useSyncExternalStore(
    (listener) => logs.subscribe(server.id, listener),
    () => logs.get(server.id)
  )
  // keyed by the server's id: an edit of its fields does not reload the history
  useEffect(() => {
    if (logs.isSeeded(server.id)) return
    let cancelled = false
    api.mcp
      .getServerLogs({ serverId: server.id })
      .then((initial) => {
        if (!cancelled) logs.seed(server.id, initial)
      })
      // without main's history the live stream still works
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [api, logs, server.id])
  return entries
}
