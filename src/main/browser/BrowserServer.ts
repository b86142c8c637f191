import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sirv from 'sirv'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import { BRIDGE_PATH, TOKEN_PARAM, type BridgeMessage } from '@shared/ipc/bridgeProtocol'
import { INSTALL_LINK_MAX_LENGTH } from '@shared/mcp/installLink'
import type { IpcRouter } from '../ipc/IpcRouter'
import { bearerToken, hostAllowed, originAllowed, tokenMatches } from './hostGuard'

// an extension archive of up to 64 MB travels as base64 (extensions:stage)
const MAX_MESSAGE = 96 * 1024 * 1024
/**
 * An install link up to the README's limit (and a good way past it, so the page can refuse it by
 * name with its length) fits in the request line, with room for a browser's other headers:
 * Node's default of 16 KB answered a bare 431 to links over about 16 KB.
 */
const MAX_HEADER_BYTES = 4 * INSTALL_LINK_MAX_LENGTH
/** a slow tab must not make main buffer events without bound: past this, events to it are dropped */
const MAX_BUFFERED_EVENTS = 8 * 1024 * 1024

const RequestSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(200),
  args: z.unknown().optional()
})

const InvokeBodySchema = z.object({ channel: z.string().max(200), args: z.unknown().optional() })

export interface BrowserServerOptions {
  router: IpcRouter
  rendererDir: string
  token: string
  port?: number
}

export interface BrowserServer {
  port: number
  /** the address to open, token in the fragment */
  url: string
  broadcast(event: string, payload: unknown): void
  close(): Promise<void>
}

function deny(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message)
}

/** The app's own pages: missing, the renderer is being built (`npm run dev` or a rebuild), not a bad link. */
const isPage = (path: string) => path === '/' || path === '/install' || path.endsWith('.html')

function safeDecode(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

function rebuilding(res: ServerResponse) {
  res
    .writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '2' })
    .end('<!doctype html><meta charset="utf-8"><title>MCP Studio</title><p>MCP Studio is being rebuilt — reload in a moment.</p>')
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_MESSAGE) {
        reject(new Error('Request body too large'))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function csp(port: number) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // audio results (a tool may return audio as base64)
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'"
  ].join('; ')
}

/**
 * Browser mode: the built renderer and the IPC router on 127.0.0.1 only. The page is public (it
 * holds no secret); every call needs the session token and a same-origin page.
 */
export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const { router, token } = options
  // looked up at each request, not listed once at start: a rebuild while browser mode runs
  // replaces index.html and the hashed assets, and a stale list would serve files that are gone
  // (their read failing after the headers went out) or the old length of a new file
  const assets = sirv(options.rendererDir, { dev: true, etag: true })
  let port = 0

  const http = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    if (!hostAllowed(req, port)) return deny(res, 403, 'Forbidden host')
    const path = (req.url ?? '/').split('?')[0]
    if (path.startsWith('/api/')) return void handleApi(req, res, path)
    res.setHeader('Content-Security-Policy', csp(port))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Referrer-Policy', 'no-referrer')
    // an install link as a page (/install?servers=…): the app's page, which reads the link and asks the user
    if (path === '/install' && req.method === 'GET') req.url = '/index.html'
    // a file can still vanish between sirv's look and its read: that ends this answer only,
    // unheard it would end the process and every server with it
    res.on('pipe', (source) => source.on('error', () => res.destroy()))
    const missing = () => (isPage(path) ? rebuilding(res) : deny(res, 404, 'Not found'))
    // looked up on disk, sirv no longer leaves dotfiles out of its list: refuse them here
    if (/\/\./.test(safeDecode(path))) return deny(res, 404, 'Not found')
    try {
      assets(req, res, missing)
    } catch {
      // its stat of a file that was there a moment ago
      if (res.headersSent) res.destroy()
      else missing()
    }
  })

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    if (!tokenMatches(token, bearerToken(req))) return deny(res, 401, 'Missing or wrong session token')
    if (!originAllowed(req, port)) return deny(res, 403, 'Forbidden origin')
    if (path !== '/api/invoke' || req.method !== 'POST') return deny(res, 404, 'Not found')
    let body: z.infer<typeof InvokeBodySchema>
    try {
      body = InvokeBodySchema.parse(JSON.parse(await readBody(req)))
    } catch {
      return deny(res, 400, 'Expected a JSON body {"channel": string, "args"?: any}')
    }
    const response = await router.invoke(body.channel, body.args, { via: 'browser' })
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response))
  }

  // Node answers a request it cannot parse with a bare status; an address too long for even
  // MAX_HEADER_BYTES is most likely an install link, so that refusal says why
  http.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const text = `This address is too long: an install link can be at most ${INSTALL_LINK_MAX_LENGTH} characters. It was refused and nothing was added.\n`
      return void socket.end(`HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`)
    }
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE })
  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    }
    if (!hostAllowed(req, port)) return refuse(403, 'Forbidden')
    if (url.pathname !== BRIDGE_PATH) return refuse(404, 'Not Found')
    if (!tokenMatches(token, url.searchParams.get(TOKEN_PARAM))) return refuse(401, 'Unauthorized')
    if (!originAllowed(req, port)) return refuse(403, 'Forbidden')
    sockets.handleUpgrade(req, socket, head, (ws) => serve(ws))
  })

  function send(ws: WebSocket, message: BridgeMessage) {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  function serve(ws: WebSocket) {
    // a malformed frame (bad UTF-8, no mask, a reserved bit or opcode, too big …) ends this socket
    // only; unheard, ws would throw it out of the process and take every server down with it
    ws.on('error', () => ws.terminate())
    ws.on('message', async (raw) => {
      let request: z.infer<typeof RequestSchema>
      try {
        request = RequestSchema.parse(JSON.parse(String(raw)))
      } catch {
        return ws.close(1003, 'Expected {"type":"invoke","id","channel","args"}')
      }
      const response = await router.invoke(request.channel, request.args, { via: 'browser' })
      send(ws, { type: 'result', id: request.id, response })
    })
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  port = (http.address() as AddressInfo).port

  return {
    port,
    url: `http://127.0.0.1:${port}/#${TOKEN_PARAM}=${token}`,
    broadcast(event, payload) {
      const frame = JSON.stringify({ type: 'event', event, payload } satisfies BridgeMessage)
      for (const ws of sockets.clients) {
        if (ws.readyState === ws.OPEN && ws.bufferedAmount < MAX_BUFFERED_EVENTS) ws.send(frame)
      }
    },
    async close() {
      for (const ws of sockets.clients) ws.terminate()
      sockets.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  }
}
