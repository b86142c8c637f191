import { useCallback, useEffect, useRef, useState } from 'react'
import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import type { McpApi } from '@shared/ipc/api'
import type { McpListKind, McpTool } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { getServerKey } from '@shared/mcp/serverKey'
import { useApi } from '@renderer/context/ApiContext'

export interface ServerList<T> {
  items: T[] | undefined
  loading: boolean
  /** the message main sent, shown with a retry */
  error: string | undefined
  reload: () => void
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Loads one of a server's lists and loads it again when the server says it changed or
 * when the connection identity changes. Editing per-tool switches changes the server object but
 * not its key, so it does not refetch.
 */
function useServerList<T>(
  server: McpServer,
  kind: McpListKind,
  fetch: (api: McpApi, server: McpServer) => Promise<T[]>
): ServerList<T> {
  const api = useApi()
  const [items, setItems] = useState<T[] | undefined>(undefined)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | undefined>(undefined)
  const [generation, setGeneration] = useState(0)
  const serverRef = useRef(server)
  serverRef.current = server
  const fetchRef = useRef(fetch)
  fetchRef.current = fetch
  const key = getServerKey(server)

  useEffect(() => {
    let live = true
    setLoading(true)
    setError(undefined)
    fetchRef
      .current(api, serverRef.current)
      .then((list) => live && setItems(list))
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [api, key, generation])

  useEffect(
    () =>
      api.on('mcp:list-changed', (event) => {
        if (event.serverId === serverRef.current.id && event.list === kind) setGeneration((g) => g + 1)
      }),
    [api, kind]
  )

  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  return { items, loading, error, reload }
}

const listTools = (api: McpApi, server: McpServer) => api.mcp.listTools({ serverId: server.id })
const listPrompts = (api: McpApi, server: McpServer) => api.mcp.listPrompts({ serverId: server.id })
const listResources = (api: McpApi, server: McpServer) => api.mcp.listResources({ serverId: server.id })
const listTemplates = (api: McpApi, server: McpServer) => api.mcp.listResourceTemplates({ serverId: server.id })

export const useServerTools = (server: McpServer): ServerList<McpTool> => useServerList(server, 'tools', listTools)
export const useServerPrompts = (server: McpServer): ServerList<Prompt> => useServerList(server, 'prompts', listPrompts)
export const useServerResources = (server: McpServer): ServerList<Resource> =>
  useServerList(server, 'resources', listResources)
// templates change with the resources list (there is no separate notification for them)
export const useServerResourceTemplates = (server: McpServer): ServerList<ResourceTemplate> =>
  useServerList(server, 'resources', listTemplates)
