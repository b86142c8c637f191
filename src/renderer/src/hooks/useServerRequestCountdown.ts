import { useEffect, useState } from 'react'

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000))

/** Whole seconds left until `expiresAt` (epoch ms), ticking once a second, never below 0. */
export function useServerRequestCountdown(expiresAt: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(expiresAt))
  useEffect(() => {
    setSeconds(secondsUntil(expiresAt))
    const timer = setInterval(() => setSeconds(secondsUntil(expiresAt)), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  return seconds
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
