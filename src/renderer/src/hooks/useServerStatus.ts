import { useMemo } from 'react'
import { statusView, type ServerStatusView } from '@renderer/components/servers/statusView'
import { useGetStatesQuery } from '@renderer/store/mainApi'

/** A server's state as main reports it (`mcp:get-states`, then each `mcp:server-status`), for display. */
export function useServerStatus(serverId: string): ServerStatusView {
  const { state } = useGetStatesQuery(undefined, { selectFromResult: ({ data }) => ({ state: data?.[serverId] }) })
  return useMemo(() => statusView(state), [state])
}
