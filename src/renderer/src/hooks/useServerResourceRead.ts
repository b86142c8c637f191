import { useCallback, useState } from 'react'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { errorMessage } from './useServerLists'
import type { ReadState } from '@renderer/components/results/ResourceReader'

/** Reads one resource at a time for a tab, keeping the last result or error on screen. */
export function useServerResourceRead(server: McpServer) {
  const api = useApi()
  const [state, setState] = useState<ReadState | undefined>(undefined)
  const [busy, setBusy] = useState<string | undefined>(undefined)
  const read = useCallback(
    async (uri: string) => {
      setBusy(uri)
      try {
        setState({ uri, result: await api.mcp.getResource({ serverId: server.id, uri }) })
      } catch (error) {
        setState({ uri, error: errorMessage(error) })
      } finally {
        setBusy(undefined)
      }
    },
    [api, server]
  )
  return { state, busy, read }
}
