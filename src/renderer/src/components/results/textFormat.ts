/** How a text block of a result is shown: JSON as a tree, Markdown rendered, or the text as sent. */
export type TextFormat = 'json' | 'markdown' | 'plain'

/**
 * The object or array a text block holds, when the whole text is one; anything else (a number,
 * a quoted string, prose that starts with a brace) is text. Only texts that start like JSON are
 * parsed, so prose costs nothing.
 */
export function parseJsonText(text: string): object | undefined {
  const start = text.trimStart()[0]
  if (start !== '{' && start !== '[') return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}
