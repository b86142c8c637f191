import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { CheckedAddress } from './addressGuard'
import { FetchError } from './fetchError'

export const USER_AGENT = 'Mozilla/5.0 (compatible; MCP-Studio-Fetch/1.0; built-in @studio/fetch of MCP Studio)'

export interface HttpResponse {
  status: number
  statusText: string
  headers: IncomingHttpHeaders
  /** empty for a redirect: its body is never read */
  body: Buffer
}

export interface GetOptions {
  signal: AbortSignal
  maxBytes: number
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
  return `${bytes} bytes`
}

/** Every DNS question this request's socket asks gets the address we checked, nothing else. */
function pinnedLookup(pinned: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
}

function decoderFor(encoding: string | undefined): NodeJS.ReadWriteStream | undefined {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return undefined
    case 'gzip':
    case 'x-gzip':
      return createGunzip()
    case 'deflate':
      return createInflate()
    case 'br':
      return createBrotliDecompress()
    default:
      throw new FetchError(`the server sent the body in an encoding this fetch cannot read (${encoding})`)
  }
}

const isRedirect = (status: number) => status >= 300 && status < 400

/**
 * One GET, connected to the checked address only (no DNS of its own, no pooled socket from another
 * request). The decoded body is counted while it streams; over `maxBytes` the request is torn down.
 */
export async function getOnce(url: URL, pinned: CheckedAddress, { signal, maxBytes }: GetOptions): Promise<HttpResponse> {
  const request = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'GET',
    lookup: pinnedLookup(pinned),
    agent: false,
    signal,
    headers: {
      'user-agent': USER_AGENT,
      accept: 'text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.8,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br'
    }
  })
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve)
    request.once('error', reject)
    request.end()
  }).catch((error: NodeJS.ErrnoException) => {
    if (signal.aborted) throw signal.reason
    throw new FetchError(`cannot connect to ${url.host}: ${error.code ?? error.message}`, { cause: error })
  })

  const status = response.statusCode ?? 0
  const head = { status, statusText: response.statusMessage ?? '', headers: response.headers }
  try {
    if (isRedirect(status) || status >= 400) return { ...head, body: Buffer.alloc(0) }
    const declared = Number(response.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes, declared)
    return { ...head, body: await readLimited(response, decoderFor(response.headers['content-encoding']), maxBytes, signal) }
  } finally {
    // whatever was not read is not wanted: free the socket now
    request.destroy()
  }
}

function tooLarge(maxBytes: number, size?: number): FetchError {
  return new FetchError(
    `the response is larger than the ${formatBytes(maxBytes)} limit${size ? ` (${formatBytes(size)})` : ''}; reading stopped. ` +
      "Raise FETCH_MAX_BYTES in this server's env to allow more"
  )
}

async function readLimited(response: IncomingMessage, decoder: NodeJS.ReadWriteStream | undefined, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const body: Readable = decoder ? (pipeline(response, decoder, () => {}) as unknown as Readable) : response
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length
      if (size > maxBytes) throw tooLarge(maxBytes)
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (error instanceof FetchError) throw error
    throw new FetchError(`the response could not be read to its end: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error
    })
  } finally {
    body.destroy()
  }
  return Buffer.concat(chunks)
}
