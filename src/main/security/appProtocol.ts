import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import { APP_CSP, isAppUrl } from './appOrigin'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav'
}

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } })
}

/**
 * The app:// handler: files of `rootDir` (the built renderer) and nothing else. A path that
 * leaves the folder once decoded (`%2e%2e%2f`, `..%2f`, a symlink out) is 403, a backslash is
 * 403 (a separator on Windows), anything missing or another host is 404.
 */
export function createAppProtocolHandler(rootDir: string): (request: Request) => Promise<Response> {
  let realRoot: Promise<string> | undefined
  return async (request) => {
    if (!isAppUrl(request.url)) return plain(404, 'Not found')
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
    let path: string
    try {
      path = decodeURIComponent(new URL(request.url).pathname)
    } catch {
      return plain(400, 'Bad request')
    }
    if (path.includes('\\') || path.includes('\0')) return plain(403, 'Forbidden')
    if (path === '' || path.endsWith('/')) path += 'index.html'

    realRoot ??= realpath(rootDir)
    let root: string
    try {
      root = await realRoot
    } catch {
      realRoot = undefined
      return plain(404, 'Not found')
    }
    const file = resolve(root, `.${path.startsWith('/') ? path : `/${path}`}`)
    if (!inside(root, file)) return plain(403, 'Forbidden')
    try {
      // a symlink inside the folder must not lead out of it
      const real = await realpath(file)
      if (!inside(root, real)) return plain(403, 'Forbidden')
      if (!(await stat(real)).isFile()) return plain(404, 'Not found')
      const type = contentTypeOf(real)
      const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' }
      if (type.startsWith('text/html')) headers['content-security-policy'] = APP_CSP
      const body = request.method === 'HEAD' ? null : await readFile(real)
      return new Response(body, { status: 200, headers })
    } catch {
      return plain(404, 'Not found')
    }
  }
}
