import { decodeBody, isHtml, mediaType } from './decodeBody'
import { FetchError } from './fetchError'
import type { FetchedPage } from './fetchUrl'
import { htmlToMarkdown, htmlToText } from './htmlConversion'

export const FORMATS = ['markdown', 'html', 'text', 'json'] as const
export type FetchFormat = (typeof FORMATS)[number]

/** The page in the asked format; a body that is not HTML is returned as the text it is (markdown, text). */
export function convert(page: FetchedPage, format: FetchFormat): string {
  const text = decodeBody(page.url, page.contentType, page.body)
  switch (format) {
    case 'html':
      return text
    case 'json':
      return prettyJson(page, text)
    case 'markdown':
      return isHtml(page.contentType, text) ? htmlToMarkdown(text, page.url) : text
    case 'text':
      return isHtml(page.contentType, text) ? htmlToText(text) : text
  }
}

function prettyJson(page: FetchedPage, text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    const type = mediaType(page.contentType) || 'no content type'
    throw new FetchError(`${page.url} did not return valid JSON (${type}); ask for format "text" or "markdown" to read it`)
  }
}
