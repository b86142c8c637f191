import { EXTENSION_FILE_EXTENSIONS } from '@shared/mcp/extensions'

/** The archive names an extension comes in, as a file input's `accept` takes them. */
export const EXTENSION_FILE_TYPES = EXTENSION_FILE_EXTENSIONS.map((ext) => `.${ext}`)

export function isExtensionFile(file: { name: string }): boolean {
  const name = file.name.toLowerCase()
  return EXTENSION_FILE_TYPES.some((ext) => name.endsWith(ext))
}

/**
 * A file's bytes as base64 (what extensions:stage takes, in Electron and browser mode alike).
 * The browser's own encoder (a data: URL) is used: a 64 MB archive through btoa would stall the page.
 */
export function readFileBase64(file: Blob, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    const abort = () => reader.abort()
    signal.addEventListener('abort', abort, { once: true })
    reader.onload = () => {
      signal.removeEventListener('abort', abort)
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'))
    reader.onabort = () => reject(new DOMException('cancelled', 'AbortError'))
    reader.readAsDataURL(file)
  })
}
