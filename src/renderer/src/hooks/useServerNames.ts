import { useEffect, useState } from 'react'
import { useApi } from '@renderer/context/ApiContext'

export interface ServerName {
  id: string
  name: string
}

/** The servers in main's list, by id and name, following `servers:changed` (the Trace window's filter). */
export function useServerNames(): readonly ServerName[] {
  const api = useApi()
  const [servers, setServers] = useState<readonly ServerName[]>([])
  useEffect(() => {
    let live = true
    const names = (list: ReadonlyArray<{ id: string; name: string }>) => list.map(({ id, name }) => ({ id, name }))
    const off = api.on('servers:changed', (snapshot) => setServers(names(snapshot.servers)))
    api.servers.list().then(
      (snapshot) => live && setServers(names(snapshot.servers)),
      // without the list the filter offers no servers; the traces still show
      () => undefined
    )
    return () => {
      live = false
      off()
    }
  }, [api])
  return servers
}
