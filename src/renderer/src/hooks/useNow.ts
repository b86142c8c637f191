import { useEffect, useState } from 'react'

/** The current time, ticking every `everyMs` while `running` (a running span's bar grows with it). */
export function useNow(running: boolean, everyMs = 200): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [running, everyMs])
  return now
}
