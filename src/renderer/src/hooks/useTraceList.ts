import { useCallback, useEffect, useRef, useState } from 'react'
import { TRACE_WATCH_LEASE_MS, type TraceListFilter, type TraceSummary } from '@shared/trace/spans'
import { useApi } from '@renderer/context/ApiContext'

/** A burst of pushes (a call's progress) asks main for the list once per this many ms at most. */
const REFRESH_MS = 250

export interface TraceList {
  traces: readonly TraceSummary[]
  /** true until the first answer for the current filter */
  loading: boolean
  error?: unknown
  reload(): void
}

/**
 * The recent operations main keeps (`trace:list`, filtered there), asked again when `trace:spans`
 * says something started or changed, and emptied when the store was cleared.
 */
export function useTraceList(filter: NonNullable<TraceListFilter>): TraceList {
  const api = useApi()
  const [traces, setTraces] = useState<readonly TraceSummary[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>()
  const [generation, setGeneration] = useState(0)
  const key = JSON.stringify(filter)
  const latest = useRef(0)

  // while this list shows, main builds spans as they start, so running ones are pushed live
  useEffect(() => {
    const renew = () => void api.trace.watch().catch(() => undefined)
    renew()
    const timer = setInterval(renew, TRACE_WATCH_LEASE_MS / 3)
    return () => clearInterval(timer)
  }, [api])

  useEffect(() => {
    const wanted = JSON.parse(key) as NonNullable<TraceListFilter>
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = () => {
      const ticket = ++latest.current
      api.trace.list(wanted).then(
        (list) => {
          // an older answer arriving late never replaces a newer one
          if (!live || ticket !== latest.current) return
          setTraces(list)
          setError(undefined)
          setLoading(false)
        },
        (failure: unknown) => {
          if (!live || ticket !== latest.current) return
          setError(failure)
          setLoading(false)
        }
      )
    }
    // listen first, then ask: a span pushed in between triggers another ask, never a gap
    const off = api.on('trace:spans', (event) => {
      if (event.cleared) setTraces([])
      timer ??= setTimeout(() => {
        timer = undefined
        ask()
      }, REFRESH_MS)
    })
    setLoading(true)
    ask()
    return () => {
      live = false
      off()
      if (timer) clearTimeout(timer)
    }
  }, [api, key, generation])

  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  return { traces, loading, error, reload }
}
