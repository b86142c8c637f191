import { LRUCache } from 'lru-cache'
import { assertSafeExternalUrl } from '../../security/externalUrl'

/**
 * Server logos from the web (`logoUrl`), fetched by main and handed to the window as a
 * data: URL. The renderer's CSP stays `img-src 'self' data: blob:` (no request from the window
 * to a host a config names), the fetch goes through the platform's network stack, and each
 * URL is fetched once.
 */

const MAX_IMAGE_BYTES = 512 * 1024
const TIMEOUT_MS = 10_000
const FAILURE_TTL_MS = 60_000
// what an <img> shows; SVG too: as an image, its scripts never run
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon|bmp)$/

export interface RemoteImagesOptions {
  fetch: typeof fetch
  maxBytes?: number
  timeoutMs?: number
}

export class RemoteImages {
  // a failure is remembered too (briefly), so a dead logo URL is not asked again on every render
  private readonly cache = new LRUCache<string, Promise<string>>({ max: 200, ttl: 60 * 60 * 1000 })

  constructor(private readonly options: RemoteImagesOptions) {}

  /** The image at `url` as a data: URL, or an error saying why it cannot be shown. */
  dataUrl(url: string): Promise<string> {
    let entry = this.cache.get(url)
    if (!entry) {
      const loading = this.load(url)
      this.cache.set(url, loading)
      // a failure is asked again after a minute: the network or the URL may have been fixed
      loading.catch(() => {
        if (this.cache.get(url) === loading) this.cache.set(url, loading, { ttl: FAILURE_TTL_MS })
      })
      entry = loading
    }
    return entry
  }

  private async load(raw: string): Promise<string> {
    const url = assertSafeExternalUrl(raw)
    const where = url.href.slice(0, 200)
    let response: Response
    try {
      response = await this.options.fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS), redirect: 'follow' })
    } catch (error) {
      const why = error instanceof Error && error.name === 'TimeoutError' ? 'it did not answer in time' : describe(error)
      throw new Error(`Could not load the image at ${where}: ${why}`, { cause: error })
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new Error(`Could not load the image at ${where}: the server answered HTTP ${response.status}`)
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (!IMAGE_TYPES.test(type)) {
      await response.body?.cancel()
      throw new Error(`Could not load the image at ${where}: it is ${type || 'of no stated type'}, not an image`)
    }
    const max = this.options.maxBytes ?? MAX_IMAGE_BYTES
    const bytes = await readAtMost(response, max)
    if (!bytes) throw new Error(`Could not load the image at ${where}: it is larger than ${Math.round(max / 1024)} KB`)
    return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause
  if (cause && typeof cause.code === 'string') return cause.code
  return error instanceof Error ? error.message : String(error)
}

/** The whole body, or undefined as soon as it passes `max` bytes (the rest is never read). */
async function readAtMost(response: Response, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel()
    return undefined
  }
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}
