import { useEffect, useRef } from 'react'
import { isModalOpen } from './keyboardTargets'

/** Ctrl+S, or ⌘S on a Mac, with no other modifier. */
export function isSaveShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 's' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

/**
 * Ctrl/Cmd+S calls `save` from anywhere on the page, form fields included (that is where one
 * types), while `enabled`. The browser's own "Save page as" never opens here; a dialog on top
 * (the tool runner) keeps the keys to itself.
 */
export function useSaveShortcut(save: () => void, enabled: boolean): void {
  const latest = useRef({ save, enabled })
  latest.current = { save, enabled }
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event) || event.defaultPrevented || isModalOpen()) return
      event.preventDefault()
      if (latest.current.enabled) latest.current.save()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
