import { useEffect, type RefObject } from 'react'
import { isModalOpen, isTypingTarget } from './keyboardTargets'

/** `/` anywhere on the page (not while typing in a field, a dialog or a drag) focuses the search box. */
export function useSlashFocus(input: RefObject<{ focus: () => void } | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return
      if (isTypingTarget(event.target) || isModalOpen() || !input.current) return
      // a row picked up for a keyboard drag keeps the keys
      if (event.target instanceof Element && event.target.closest('[aria-pressed="true"]')) return
      event.preventDefault()
      input.current.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [input])
}
