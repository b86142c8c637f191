/** A data: URL for base64 content from a server (images, audio): nothing is fetched, nothing is written. */
export function dataUrl(mimeType: string | undefined, base64: string): string {
  return `data:${mimeType || 'application/octet-stream'};base64,${base64}`
}

/** Decoded size of base64 text, without decoding it. */
export function base64Size(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding)
}

/** Only web links leave the app: anything else is shown, never opened. */
export function isWebUrl(uri: string): boolean {
  try {
    const { protocol } = new URL(uri)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** A file name for a download, from the last path segment of a resource URI. */
export function fileNameFor(uri: string, fallback = 'resource'): string {
  const last = uri.split(/[/\\]/).filter(Boolean).pop() ?? ''
  const cleaned = last.replace(/[?#].*$/, '').replace(/[^\w.-]+/g, '_')
  return cleaned && cleaned !== '_' ? cleaned : fallback
}
