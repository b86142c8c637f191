/** Where a typed character is text, not a shortcut: fields, code editors, an ARIA textbox. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]') !== null
  )
}

/** A modal dialog is open, wherever the focus is (it may be on the page's body): it owns the keyboard. */
export function isModalOpen(): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => !dialog.closest('[style*="display: none"]'))
}
