import { FetchError } from './fetchError'

/** The media type without parameters, lower case ('' when the server sent none). */
export const mediaType = (contentType: string) => contentType.split(';')[0].trim().toLowerCase()

export function isHtml(contentType: string, text: string): boolean {
  const type = mediaType(contentType)
  if (type === 'text/html' || type === 'application/xhtml+xml') return true
  // no type at all: trust what the body looks like
  return type === '' && /^\s*(<!doctype html|<html)/i.test(text.slice(0, 512))
}

const binaryTypes = /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-tar|x-7z-compressed|wasm|vnd\.ms-|vnd\.openxmlformats)/

/** The charset the header names, else the one a page's <meta> names in its first bytes, else UTF-8. */
function charsetOf(contentType: string, body: Buffer): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]
  if (fromHeader) return fromHeader
  const head = body.subarray(0, 2048).toString('latin1')
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8'
}

/** The body as text; a body that is not text (an image, a PDF, NUL bytes) is an error naming its type. */
export function decodeBody(url: string, contentType: string, body: Buffer): string {
  const type = mediaType(contentType)
  if (binaryTypes.test(type) || body.subarray(0, 1024).includes(0)) {
    throw new FetchError(`${url} is ${type || 'binary data'}, not text; this tool returns text only`)
  }
  try {
    return new TextDecoder(charsetOf(contentType, body)).decode(body)
  } catch {
    // a charset name TextDecoder does not know: UTF-8 shows most of such a page correctly
    return new TextDecoder('utf-8').decode(body)
  }
}
