import { useCallback, useEffect, useState } from 'react'
import type { McpSessionState } from '@shared/mcp/session'
import { useApi } from '@renderer/context/ApiContext'

/**
 * The server's session as main holds it (capabilities, the log level asked, watched resources),
 * asked again whenever its status changes: a stop or a restart ends the session in main, and the
 * controls showing it follow. `refresh` after a change the user made.
 */
export function useServerSession(serverId: string) {
  const api = useApi()
  const [session, setSession] = useState<McpSessionState | undefined>(undefined)
  const [generation, setGeneration] = useState(0)

  useEffect(() => api.on('mcp:server-status', (event) => event.serverId === serverId && setGeneration((g) => g + 1)), [api, serverId])

  useEffect(() => {
    let live = true
    api.mcp.getSession({ serverId }).then(
      (state) => live && setSession(state),
      // an unknown server (deleted meanwhile) has no session
      () => live && setSession({ connected: false, subscriptions: [] })
    )
    return () => {
      live = false
    }
  }, [api, serverId, generation])

  // asked again rather than patched here: an answer still on its way from before the change is dropped
  const refresh = useCallback(() => setGeneration((g) => g + 1), [])
  return { session, refresh }
}
