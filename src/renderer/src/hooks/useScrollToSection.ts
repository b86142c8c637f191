import { useEffect } from 'react'

/**
 * Brings the section with this id to the top, and keeps it there while what is above it loads and
 * grows (the runtimes are looked for after the page opens), until the user scrolls or types.
 */
export function useScrollToSection(id: string): void {
  useEffect(() => {
    const target = document.getElementById(id)
    if (!target) return undefined
    const scroll = () => {
      // a statement, not a value: Chromium's scrollIntoView returns a promise, which React would call as a cleanup
      target.scrollIntoView?.({ block: 'start' })
    }
    scroll()
    const observer = typeof ResizeObserver === 'undefined' || !target.parentElement ? undefined : new ResizeObserver(scroll)
    if (target.parentElement) observer?.observe(target.parentElement)
    const stop = () => observer?.disconnect()
    const events = ['wheel', 'keydown', 'touchstart', 'mousedown'] as const
    for (const event of events) window.addEventListener(event, stop, { once: true })
    return () => {
      stop()
      for (const event of events) window.removeEventListener(event, stop)
    }
  }, [id])
}
