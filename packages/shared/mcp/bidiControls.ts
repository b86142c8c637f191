/**
 * Characters that change the order text is shown in (the U+202A–U+202E embeddings and overrides,
 * the U+2066–U+2069 isolates, and the U+200E, U+200F and U+061C marks). In a server's or tool's
 * name, a command or a link, they make it read as something else ("evil.com\u202Efdp.exe" shows
 * as "evil.comexe.pdf"); wherever such text is shown to be trusted, each is shown instead.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const codeOf = (char: string) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')

/** Each bidirectional control as `mark(code)` (by default `[U+202E]`); other text as it is. */
export function showBidiControls(text: string, mark: (code: string) => string = (code) => `[U+${code}]`): string {
  return text.replace(BIDI_CONTROLS, (char) => mark(codeOf(char)))
}
