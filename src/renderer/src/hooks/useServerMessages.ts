import { useCallback, useEffect, useState } from 'react'
import { MESSAGES_PER_SERVER, type McpMessageEntry } from '@shared/mcp/messages'
import { useApi } from '@renderer/context/ApiContext'

export interface ServerMessages {
  /** oldest first, at most the last 1,000 (what main keeps) */
  entries: readonly McpMessageEntry[]
  /** main could not be asked for what it kept: shown, while live messages still arrive */
  error?: unknown
  /** forgets them here and in main */
  clear(): Promise<void>
}

/** New entries after `have`, by seq (a batch can overlap what was fetched), bounded to the last 1,000. */
export function mergeMessages(have: readonly McpMessageEntry[], incoming: readonly McpMessageEntry[]): readonly McpMessageEntry[] {
  const last = have.at(-1)?.seq ?? 0
  const fresh = incoming.filter((e) => e.seq > last)
  if (!fresh.length) return have
  const all = [...have, ...fresh]
  return all.length > MESSAGES_PER_SERVER ? all.slice(all.length - MESSAGES_PER_SERVER) : all
}

/**
 * A server's JSON-RPC messages, while the Messages tab is open: live batches from main's
 * `mcp:messages`, merged with what main kept before (a restart, a crash), by seq so none shows twice.
 */
export function useServerMessages(serverId: string): ServerMessages {
  const api = useApi()
  const [entries, setEntries] = useState<readonly McpMessageEntry[]>([])
  const [error, setError] = useState<unknown>()

  useEffect(() => {
    let live = true
    setEntries([])
    setError(undefined)
    // listen first, then ask: a batch pushed in between is merged, not lost
    const off = api.on('mcp:messages', (event) => {
      if (event.serverId === serverId) setEntries((have) => mergeMessages(have, event.entries))
    })
    api.mcp.getMessages({ serverId }).then(
      (kept) => live && setEntries((have) => mergeMessages(kept, have)),
      (failure: unknown) => live && setError(failure)
    )
    return () => {
      live = false
      off()
    }
  }, [api, serverId])

  const clear = useCallback(async () => {
    await api.mcp.clearMessages({ serverId })
    setEntries([])
  }, [api, serverId])

  return { entries, error, clear }
}
