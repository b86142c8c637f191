import { useEffect, useRef, useState } from 'react'
import type { McpServer } from '@shared/mcp/server'
import type { McpListKind } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'

export type TabCounts = Partial<Record<McpListKind, number>>

/**
 * How many tools, prompts and resources a connected server has, for the editor's tab labels.
 * Only while connected: listing a stopped server would start it. Main caches the lists, so
 * this costs no extra round trip to the server when the tabs list them too.
 */
export function useServerTabCounts(server: McpServer, connected: boolean): TabCounts {
  const api = useApi()
  const [counts, setCounts] = useState<TabCounts>({})
  const serverRef = useRef(server)
  serverRef.current = server
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (!connected) {
      setCounts({})
      return
    }
    let live = true
    const target = serverRef.current
    const load = (kind: McpListKind, list: Promise<unknown[]>) =>
      list.then((items) => live && setCounts((c) => ({ ...c, [kind]: items.length }))).catch(() => undefined)
    void load('tools', api.mcp.listTools({ serverId: target.id }))
    void load('prompts', api.mcp.listPrompts({ serverId: target.id }))
    void load('resources', api.mcp.listResources({ serverId: target.id }))
    return () => {
      live = false
    }
  }, [api, connected, server.id, generation])

  useEffect(() => api.on('mcp:list-changed', (event) => event.serverId === serverRef.current.id && setGeneration((g) => g + 1)), [api])
  return counts
}
