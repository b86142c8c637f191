import { useCallback, useEffect, useState } from 'react'
import { useApi } from '@renderer/context/ApiContext'

export interface TraceRecording {
  /** whether main turns new operations into spans; undefined until it said */
  on: boolean | undefined
  /** pauses or resumes it; rejects when main could not be asked */
  set(on: boolean): Promise<void>
}

/** The Trace window's Pause / Resume recording, in step with every other window (`trace:recording`). */
export function useTraceRecording(): TraceRecording {
  const api = useApi()
  const [on, setOn] = useState<boolean>()
  useEffect(() => {
    let live = true
    // listen first, then ask: a change in between is heard, never lost
    const off = api.on('trace:recording', (event) => setOn(event.on))
    api.trace.getRecording().then(
      (value) => live && setOn(value),
      () => undefined
    )
    return () => {
      live = false
      off()
    }
  }, [api])
  const set = useCallback(async (next: boolean) => setOn(await api.trace.setRecording({ on: next })), [api])
  return { on, set }
}
