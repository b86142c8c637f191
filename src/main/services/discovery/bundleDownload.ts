import { createHash } from 'node:crypto'
import type { RegistryBundle } from '@shared/discovery/installPlan'
import { DiscoveryError } from './discoveryError'

/** as large as an extension archive may be from a file */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024

/** enough of a SHA-256 to tell two apart in a sentence */
const short = (sha256: string) => `${sha256.slice(0, 12)}…`

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`)

export interface BundleProgress {
  received: number
  /** from Content-Length, when the server sends one */
  total?: number
}

export interface BundleDownloadOptions {
  /** the entry's name, for the sentences */
  name: string
  signal?: AbortSignal
  onProgress?(progress: BundleProgress): void
  maxBytes?: number
}

/**
 * A registry's .mcpb, downloaded over https into memory and checked against its `fileSha256`.
 * It is kept in memory, never on disk, until the checksum matches: a refused download leaves
 * nothing behind. Too large, not https, an HTTP error, a cancel: each a sentence naming the entry.
 */
export async function downloadBundle(fetcher: typeof fetch, bundle: RegistryBundle, options: BundleDownloadOptions): Promise<Buffer> {
  const { name, signal } = options
  const maxBytes = options.maxBytes ?? MAX_BUNDLE_BYTES
  const failed = (why: string) => new DiscoveryError('BUNDLE_DOWNLOAD_FAILED', `${name}: the extension bundle ${why}; nothing was installed`)
  const cancelled = () => new DiscoveryError('BUNDLE_DOWNLOAD_CANCELLED', `${name}: the download was cancelled; nothing was installed`)
  if (new URL(bundle.url).protocol !== 'https:') throw failed(`is not at an https address (${bundle.url})`)

  let response: Response
  try {
    // a redirect to http would undo the https rule: each hop is checked below
    response = await fetcher(bundle.url, { signal, redirect: 'follow' })
  } catch (error) {
    if (signal?.aborted) throw cancelled()
    throw failed(`could not be downloaded from ${bundle.url}: ${(error as Error).message}`)
  }
  if (response.url && new URL(response.url).protocol !== 'https:') throw failed(`was redirected away from https (${response.url})`)
  if (!response.ok || !response.body) throw failed(`could not be downloaded: ${bundle.url} answered HTTP ${response.status}`)
  const declared = Number(response.headers.get('content-length') ?? NaN)
  const total = Number.isFinite(declared) ? declared : undefined
  if (total !== undefined && total > maxBytes) {
    await response.body.cancel().catch(() => undefined)
    throw failed(`is larger than ${sizeText(maxBytes)}`)
  }

  const hash = createHash('sha256')
  const chunks: Buffer[] = []
  let received = 0
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.byteLength
      if (received > maxBytes) throw failed(`is larger than ${sizeText(maxBytes)}`)
      const chunk = Buffer.from(value)
      hash.update(chunk)
      chunks.push(chunk)
      options.onProgress?.({ received, total })
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    if (error instanceof DiscoveryError) throw error
    if (signal?.aborted) throw cancelled()
    throw failed(`download broke off: ${(error as Error).message}`)
  }
  // a cancel that came with the last chunk still stops it before anything is staged
  if (signal?.aborted) throw cancelled()
  const sha256 = hash.digest('hex')
  if (sha256 !== bundle.sha256) {
    throw new DiscoveryError(
      'BUNDLE_CHECKSUM_MISMATCH',
      `${name} was refused: the downloaded bundle's SHA-256 (${short(sha256)}) is not the one the registry lists (${short(bundle.sha256)}); nothing was installed and the download was deleted`
    )
  }
  return Buffer.concat(chunks)
}
