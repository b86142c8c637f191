export interface Page {
  text: string
  /** where the next part starts; undefined when this part reaches the end */
  nextIndex?: number
  total: number
}

/** Characters [start, start + max) of the content, never cutting a surrogate pair in half. */
export function pageOf(content: string, startIndex: number, maxLength: number): Page {
  let end = Math.min(content.length, startIndex + maxLength)
  const code = content.charCodeAt(end - 1)
  if (end < content.length && end - 1 > startIndex && code >= 0xd800 && code <= 0xdbff) end--
  const text = content.slice(startIndex, end)
  return { text, nextIndex: end < content.length ? end : undefined, total: content.length }
}

/** The tool's answer: the part, then a note when more is left saying which start_index gets it. */
export function pageText(url: string, content: string, startIndex: number, maxLength: number): string {
  if (content.length === 0) return `Contents of ${url}: (empty)`
  if (startIndex >= content.length) {
    return `No more content: start_index ${startIndex} is at or past the end of ${url} (${content.length} characters in all).`
  }
  const page = pageOf(content, startIndex, maxLength)
  const head = `Contents of ${url}${startIndex > 0 ? ` (from character ${startIndex})` : ''}:\n`
  if (page.nextIndex === undefined) return head + page.text
  return (
    `${head}${page.text}\n\n` +
    `[Content truncated: characters ${startIndex}–${page.nextIndex} of ${page.total}. ` +
    `Call fetch again with start_index ${page.nextIndex} to get the next part.]`
  )
}
