import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The height that takes an element from where it starts down to the bottom of the window (less
 * `gap`), never under `min`: a log panel that fills what is left instead of a fixed box with a
 * cut-off row and empty space below. Follows window resizes and layout changes above it.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, { min = 240, gap = 32 } = {}): number {
  const [height, setHeight] = useState(min)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY
      // the same number again is no state change, so the resize this causes settles at once
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)))
    }
    measure()
    window.addEventListener('resize', measure)
    // a banner or a wrapped toolbar above moves the panel down without a window resize
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    observer?.observe(document.body)
    return () => {
      window.removeEventListener('resize', measure)
      observer?.disconnect()
    }
  }, [ref, min, gap])
  return height
}
