import type { AppInfo } from '@shared/ipc/contract'
import { useGetAppInfoQuery } from '@renderer/store/mainApi'
import type { AppError } from '@renderer/components/errors/describeError'

export type AppInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: AppInfo }
  | { status: 'error'; message: string }

/** The app's identity as main reports it (asked once per window), with a retry for when main was not reachable. */
export function useAppInfo(): AppInfoState & { retry: () => void } {
  const { data, isError, error, refetch } = useGetAppInfoQuery()
  const retry = () => void refetch()
  if (data) return { status: 'ready', info: data, retry }
  if (isError) return { status: 'error', message: (error as AppError).message, retry }
  return { status: 'loading', retry }
}
