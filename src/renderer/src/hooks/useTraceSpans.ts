import { useEffect, useState } from 'react'
import type { TraceSpan } from '@shared/trace/spans'
import { mergeSpans } from '@renderer/components/trace/spanTree'
import { useApi } from '@renderer/context/ApiContext'

export interface TraceSpans {
  spans: readonly TraceSpan[]
  loading: boolean
  error?: unknown
}

/**
 * One trace's spans (`trace:get`), kept live: pushed spans of the same trace replace their older
 * copies, so a running call's bar grows and its events appear as they happen.
 */
export function useTraceSpans(traceId: string | undefined): TraceSpans {
  const api = useApi()
  const [spans, setSpans] = useState<readonly TraceSpan[]>([])
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>()

  useEffect(() => {
    setSpans([])
    setError(undefined)
    if (!traceId) return
    let live = true
    setLoading(true)
    // listen first, then ask: a push in between is merged, not lost
    const off = api.on('trace:spans', (event) => {
      if (event.cleared) setSpans([])
      else setSpans((have) => mergeSpans(have, event.spans, traceId))
    })
    api.trace.get({ traceId }).then(
      (kept) => {
        if (!live) return
        setSpans((have) => mergeSpans(kept, have, traceId))
        setLoading(false)
      },
      (failure: unknown) => {
        if (!live) return
        setError(failure)
        setLoading(false)
      }
    )
    return () => {
      live = false
      off()
    }
  }, [api, traceId])

  return { spans, loading, error }
}
