import { useEffect, type RefObject } from 'react'

/** Where a typed `/` is text, not a shortcut: fields, editors, and anything inside a dialog. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]')) return true
  // an open dialog (or a drag in progress) owns the keyboard
  return target.closest('[role="dialog"], [aria-pressed="true"]') !== null || modalOpen()
}

/** A modal dialog is open, wherever the focus is (it may be on the page's body). */
function modalOpen(): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => !dialog.closest('[style*="display: none"]'))
}

/** `/` anywhere on the page (not while typing in a field) focuses the search box. */
export function useSlashFocus(input: RefObject<{ focus: () => void } | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return
      if (typingTarget(event.target) || !input.current) return
      event.preventDefault()
      input.current.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [input])
}
