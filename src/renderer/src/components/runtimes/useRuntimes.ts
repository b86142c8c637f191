import { useCallback, useEffect, useState } from 'react'
import type { RuntimeName, RuntimeStatus } from '@shared/mcp/runtimeOf'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'

export interface RuntimesView {
  runtimes?: RuntimeStatus[]
  loading: boolean
  error?: AppError
  /** Re-check (and Retry): main detects them again */
  recheck: () => void
  /** sets or clears a runtime's path; rejects with main's error (the field shows it) */
  setPath: (runtime: RuntimeName, path: string | null) => Promise<void>
}

/** The runtimes as main detected them; main keeps them, so opening the page again costs nothing. */
export function useRuntimes(): RuntimesView {
  const api = useApi()
  const [runtimes, setRuntimes] = useState<RuntimeStatus[]>()
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<AppError>()

  const load = useCallback(
    (refresh: boolean) => {
      setLoading(true)
      setError(undefined)
      api.app
        .runtimes(refresh ? { refresh } : undefined)
        .then(setRuntimes, (failure: unknown) => setError(describeError(failure)))
        .finally(() => setLoading(false))
    },
    [api]
  )
  useEffect(() => load(false), [load])

  const setPath = useCallback(
    async (runtime: RuntimeName, path: string | null) => {
      setRuntimes(await api.app.setRuntimePath({ runtime, path }))
    },
    [api]
  )
  return { runtimes, loading, error, recheck: () => load(true), setPath }
}
