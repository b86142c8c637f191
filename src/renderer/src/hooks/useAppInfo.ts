import { useCallback, useEffect, useState } from 'react'
import type { AppInfo } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'

export type AppInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: AppInfo }
  | { status: 'error'; message: string }

/** Fetches the app's identity from main once, with a retry for when main was not reachable. */
export function useAppInfo(): AppInfoState & { retry: () => void } {
  const api = useApi()
  const [state, setState] = useState<AppInfoState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    // a late answer for an unmounted page or an older attempt must not overwrite a newer one
    let current = true
    api.app.getInfo().then(
      (info) => current && setState({ status: 'ready', info }),
      (error: unknown) =>
        current && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) })
    )
    return () => {
      current = false
    }
  }, [api, attempt])

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])

  return { ...state, retry }
}
