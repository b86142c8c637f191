import { useEffect, useState } from 'react'
import type { KnownRegistry } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'

/**
 * The registries the user's own npm and pip settings name, asked of main when the picker shows
 * (`wanted`: a stdio server). They are only suggestions: when main cannot say, the picker still
 * offers Default and Custom.
 */
export function useKnownRegistries(wanted: boolean): KnownRegistry[] {
  const api = useApi()
  const [registries, setRegistries] = useState<KnownRegistry[]>([])
  useEffect(() => {
    if (!wanted) return
    let current = true
    api.app.knownRegistries().then(
      (found) => current && setRegistries(found),
      () => undefined
    )
    return () => {
      current = false
    }
  }, [api, wanted])
  return registries
}
