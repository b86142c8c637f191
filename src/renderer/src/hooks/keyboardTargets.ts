// inputs that take no typed text: a key pressed on them is not a character of theirs
const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']
const TEXT_FIELDS = [
  `input${NOT_TEXT.map((type) => `:not([type="${type}"])`).join('')}`,
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[role="textbox"]'
].join(', ')

/** Where a typed character is text, not a shortcut: text fields, code editors, an ARIA textbox. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TEXT_FIELDS) !== null
}

/** A modal dialog is open, wherever the focus is (it may be on the page's body): it owns the keyboard. */
export function isModalOpen(): boolean {
  return [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => !dialog.closest('[style*="display: none"]'))
}
