import { mkdtempSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { connect as netConnect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import WebSocket from 'ws'
import type { BridgeMessage } from '@shared/ipc/bridgeProtocol'
import { startBrowserServer, type BrowserServer } from '../../../src/main/browser/BrowserServer'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { appHandlers } from '../../../src/main/ipc/appHandlers'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

const TOKEN = 'test-token-0123456789abcdef'
let server: BrowserServer
let base: string

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'mcp-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Studio</title>')
  const router = new IpcRouter()
  const platform = createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-bm-')) })
  router.handleAll(appHandlers({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) } }))
  server = await startBrowserServer({ router, rendererDir, token: TOKEN })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.close())

/** an upgrade attempt: resolves with the socket on success or the HTTP status it was refused with */
function connect(path: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers })
    ws.once('open', () => resolve({ ws }))
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }))
    ws.once('error', () => resolve({ status: -1 }))
  })
}

function nextMessage(ws: WebSocket): Promise<BridgeMessage> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))))
}

function rawGet(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('browser mode server', () => {
  it('listens on 127.0.0.1 only and prints the address with the token in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${TOKEN}`)
  })

  it('serves the page with a strict CSP, and no API without the token', async () => {
    const page = await fetch(`${base}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await fetch(`${base}/api/invoke`, { method: 'POST', body: '{}' })).status).toBe(401)
    const wrong = await fetch(`${base}/api/invoke`, { method: 'POST', headers: { authorization: 'Bearer nope' }, body: '{}' })
    expect(wrong.status).toBe(401)
  })

  it('answers app:get-info over HTTP with the token', async () => {
    const res = await fetch(`${base}/api/invoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'app:get-info' })
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: true, result: { name: 'MCP Studio', mode: 'browser' } })
  })

  it('refuses a WebSocket without the right token with 401', async () => {
    expect((await connect('/api/ws')).status).toBe(401)
    expect((await connect('/api/ws?token=wrong')).status).toBe(401)
  })

  it('refuses a WebSocket from a foreign Origin even with the token (CVE-2025-49596)', async () => {
    const result = await connect(`/api/ws?token=${TOKEN}`, { origin: 'http://evil.example' })
    expect(result.status).toBe(403)
    const sameHostOtherPort = await connect(`/api/ws?token=${TOKEN}`, { origin: 'http://127.0.0.1:1' })
    expect(sameHostOtherPort.status).toBe(403)
  })

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    expect(await rawGet('/', 'attacker.example')).toBe(403)
    expect(await rawGet('/', `127.0.0.1:${server.port}`)).toBe(200)
  })

  it('round-trips app:get-info over the WebSocket and pushes events', async () => {
    const { ws } = await connect(`/api/ws?token=${TOKEN}`, { origin: base })
    expect(ws).toBeDefined()
    if (!ws) return
    ws.send(JSON.stringify({ type: 'invoke', id: 7, channel: 'app:get-info' }))
    expect(await nextMessage(ws)).toMatchObject({ type: 'result', id: 7, response: { ok: true, result: { name: 'MCP Studio' } } })

    ws.send(JSON.stringify({ type: 'invoke', id: 8, channel: 'mcp:nope', args: {} }))
    expect(await nextMessage(ws)).toMatchObject({ id: 8, response: { ok: false, error: { code: 'UNKNOWN_CHANNEL' } } })

    const event = nextMessage(ws)
    server.broadcast('mcp:progress', { callId: 'c1', progress: 1, total: 2 })
    expect(await event).toEqual({ type: 'event', event: 'mcp:progress', payload: { callId: 'c1', progress: 1, total: 2 } })

    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    ws.send('not json')
    expect(await closed).toBe(1003)
  })

  it('a malformed frame ends that socket only: the process lives on and the next valid call is answered', async () => {
    const malformed = {
      'invalid UTF-8': clientFrame(0x81, Buffer.from([0xff, 0xfe, 0xfd])),
      'an unmasked frame': clientFrame(0x81, Buffer.from('{}'), { mask: false }),
      'RSV1 without an extension': clientFrame(0xc1, Buffer.from('{}')),
      'opcode 3': clientFrame(0x83, Buffer.from('x')),
      'close code 999': clientFrame(0x88, Buffer.from([0x03, 0xe7])),
      'a ping without FIN': clientFrame(0x09, Buffer.from('p')),
      'a frame declaring 97 MB': clientFrame(0x82, Buffer.alloc(0), { declared: 97 * 1024 * 1024 })
    }
    const closed: string[] = []
    for (const [what, bytes] of Object.entries(malformed)) {
      const socket = await rawSocket()
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
      socket.write(bytes)
      await ended
      closed.push(what)
    }
    // the server closed every one of them
    expect(closed).toEqual(Object.keys(malformed))
    const { ws } = await connect(`/api/ws?token=${TOKEN}`, { origin: base })
    ws!.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:get-info' }))
    expect(await nextMessage(ws!)).toMatchObject({ type: 'result', id: 1, response: { ok: true } })
    ws!.close()
  })

  it('survives 500 random and malformed frames from a client holding the token, then answers a valid call', async () => {
    // a fixed seed: a failure names the frame that caused it and replays the same way
    const frames = fc.sample(fuzzFrame, { numRuns: 500, seed: 20261206 })
    const batch = 25
    for (let i = 0; i < frames.length; i += batch) {
      await Promise.all(
        frames.slice(i, i + batch).map(async (bytes) => {
          const socket = await rawSocket()
          const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
          socket.on('error', () => undefined)
          // half-close after the frame: a frame that promised more bytes cannot hold the socket open
          socket.end(bytes)
          await ended
        })
      )
    }
    const { ws } = await connect(`/api/ws?token=${TOKEN}`, { origin: base })
    ws!.send(JSON.stringify({ type: 'invoke', id: 2, channel: 'app:get-info' }))
    expect(await nextMessage(ws!)).toMatchObject({ type: 'result', id: 2, response: { ok: true } })
    ws!.close()
  })
})

/** A frame as a client writes it (masked unless told otherwise); `declared` lies about the length. */
function clientFrame(first: number, payload: Buffer, options: { mask?: boolean; declared?: number } = {}): Buffer {
  const mask = options.mask ?? true
  const length = options.declared ?? payload.length
  const head =
    length < 126
      ? Buffer.from([first, (mask ? 0x80 : 0) | length])
      : Buffer.concat([Buffer.from([first, (mask ? 0x80 : 0) | 127]), Buffer.from(new BigUint64Array([BigInt(length)]).buffer).reverse()])
  const key = Buffer.from([1, 2, 3, 4])
  const body = mask ? Buffer.from(payload.map((byte, i) => byte ^ key[i % 4])) : payload
  return Buffer.concat([head, mask ? key : Buffer.alloc(0), body])
}

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a))
/** Any first byte (FIN, RSV bits, every opcode), masked or not, honest or lying lengths, random or JSON-ish payloads, or plain junk. */
const fuzzFrame = fc.oneof(
  fc
    .record({
      first: fc.integer({ min: 0, max: 255 }),
      payload: fc.oneof(bytes(200), fc.json().map((j) => Buffer.from(j)), fc.string().map((t) => Buffer.from(t))),
      mask: fc.boolean(),
      declared: fc.option(fc.oneof(fc.integer({ min: 0, max: 125 }), fc.integer({ min: 126, max: 2 ** 31 })), { nil: undefined })
    })
    .map(({ first, payload, mask, declared }) => clientFrame(first, payload, { mask, declared })),
  bytes(300),
  fc.array(fc.tuple(fc.constantFrom(0x01, 0x00, 0x80, 0x81, 0x89, 0x8a), bytes(20)), { minLength: 2, maxLength: 5 }).map((parts) =>
    Buffer.concat(parts.map(([first, payload]) => clientFrame(first, payload)))
  )
)

/** A raw TCP connection upgraded to a WebSocket with the token, for frames no client library would send. */
function rawSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(server.port, '127.0.0.1', () => {
      socket.write(
        [
          `GET /api/ws?token=${TOKEN} HTTP/1.1`,
          `Host: 127.0.0.1:${server.port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          '',
          ''
        ].join('\r\n')
      )
    })
    socket.once('data', (data) => (String(data).startsWith('HTTP/1.1 101') ? resolve(socket) : reject(new Error(String(data)))))
    socket.once('error', reject)
  })
}
