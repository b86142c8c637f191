import { useContext } from 'react'
import { ServerRuntimeContext, type ServerRuntimeApi } from '@renderer/components/servers/serverRuntimeContext'

/** Start / stop / restart / remove a server, and its log buffer. Only inside ServerRuntimeProvider. */
export function useServerActions(): ServerRuntimeApi {
  const runtime = useContext(ServerRuntimeContext)
  if (!runtime) throw new Error('useServerActions needs a ServerRuntimeProvider above it (ServersPage provides one)')
  return runtime
}
