import { useMemo } from 'react'
import { useServers } from './useServers'

export interface ServerName {
  id: string
  name: string
}

/** The servers in main's list, by id and name (the Trace window's filter); empty while main cannot be asked. */
export function useServerNames(): readonly ServerName[] {
  const servers = useServers()
  return useMemo(() => servers.map(({ id, name }) => ({ id, name })), [servers])
}
