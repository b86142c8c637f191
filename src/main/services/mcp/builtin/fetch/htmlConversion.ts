import TurndownService from 'turndown'

/** The little of turndown's DOM node we read (main is compiled without the DOM types). */
interface Element {
  nodeName: string
  textContent: string | null
  getAttribute(name: string): string | null
}
const el = (node: unknown) => node as Element

// what a reader never sees (turndown parses a whole document as a fragment, so <title> lands in the text)
// (filters by name: turndown's tag-list type, under the DOM types the tests compile with, knows no svg or strike)
const tagFilter = (tags: string[]): TurndownService.Filter => {
  const names = new Set(tags.map((tag) => tag.toUpperCase()))
  return (node) => names.has(el(node).nodeName.toUpperCase())
}
const invisible = tagFilter(['head', 'title', 'meta', 'link', 'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'object', 'embed'])

/** A relative link made absolute against the page, so the model can fetch it next; '' for data: and the like. */
function absolute(href: string | null, base: string): string {
  if (!href) return ''
  try {
    const url = new URL(href, base)
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : ''
  } catch {
    return ''
  }
}

function baseService(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
  service.remove(invisible)
  return service
}

/** Readable markdown: headings, lists, code, links and images with absolute URLs. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  const service = baseService()
  service.addRule('absoluteLinks', {
    filter: (node) => el(node).nodeName === 'A' && !!el(node).getAttribute('href'),
    replacement: (content, node) => {
      const href = absolute(el(node).getAttribute('href'), pageUrl)
      return href && content.trim() ? `[${content}](${href})` : content
    }
  })
  service.addRule('absoluteImages', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = absolute(el(node).getAttribute('src'), pageUrl)
      const alt = (el(node).getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ').trim()
      return src ? `![${alt}](${src})` : alt
    }
  })
  return tidy(service.turndown(html))
}

/** The words of the page without markup: paragraphs and list items kept as lines, links as their text. */
export function htmlToText(html: string): string {
  const service = baseService()
  service.escape = (text: string) => text
  const block = (content: string) => `\n\n${content.trim()}\n\n`
  service.addRule('plainHeadings', { filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], replacement: block })
  service.addRule('plainQuotes', { filter: 'blockquote', replacement: block })
  service.addRule('plainCode', { filter: 'pre', replacement: (_content, node) => block(el(node).textContent ?? '') })
  service.addRule('plainInline', { filter: tagFilter(['a', 'strong', 'b', 'em', 'i', 'code', 'del', 's', 'strike']), replacement: (content) => content })
  service.addRule('plainImages', { filter: 'img', replacement: (_content, node) => el(node).getAttribute('alt') ?? '' })
  service.addRule('plainRules', { filter: 'hr', replacement: () => '\n\n' })
  return tidy(service.turndown(html))
}

const tidy = (text: string) => text.replace(/\n{3,}/g, '\n\n').trim()
