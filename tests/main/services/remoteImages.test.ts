import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RemoteImages } from '../../../src/main/services/images/RemoteImages'
import { PNG_1PX } from '../../fixtures/images'

let server: Server
let base: string
const hits = new Map<string, number>()

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX)
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>hi</h1>')
    if (req.url === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096))
    if (req.url === '/streamed.png') {
      // no content-length: the cap must hold while reading
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' })
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024))
      return res.end()
    }
    if (req.url === '/silent.png') return // never answers
    res.writeHead(404).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

describe('web logos fetched by main (logoUrl, CSP kept strict)', () => {
  it('an image comes back as a data: URL of the same bytes, fetched once however often it is shown', async () => {
    const images = new RemoteImages({ fetch })
    const [a, b] = await Promise.all([images.dataUrl(`${base}/logo.png`), images.dataUrl(`${base}/logo.png`)])
    expect(a).toBe(`data:image/png;base64,${PNG_1PX.toString('base64')}`)
    expect(b).toBe(a)
    expect(await images.dataUrl(`${base}/logo.png`)).toBe(a)
    expect(hits.get('/logo.png')).toBe(1)
  })

  it('says why a URL gives no image: HTTP status, not an image, too large, no answer', async () => {
    const images = new RemoteImages({ fetch, maxBytes: 2048, timeoutMs: 300 })
    await expect(images.dataUrl(`${base}/missing.png`)).rejects.toThrow(`Could not load the image at ${base}/missing.png: the server answered HTTP 404`)
    await expect(images.dataUrl(`${base}/page`)).rejects.toThrow(': it is text/html, not an image')
    await expect(images.dataUrl(`${base}/big.png`)).rejects.toThrow(': it is larger than 2 KB')
    await expect(images.dataUrl(`${base}/streamed.png`)).rejects.toThrow(': it is larger than 2 KB')
    await expect(images.dataUrl(`${base}/silent.png`)).rejects.toThrow(': it did not answer in time')
  })

  it('only http(s) URLs are fetched', async () => {
    const images = new RemoteImages({ fetch })
    await expect(images.dataUrl('file:///etc/passwd')).rejects.toThrow(/only http and https/)
    await expect(images.dataUrl('javascript:alert(1)')).rejects.toThrow(/only http and https/)
    await expect(images.dataUrl('not a url')).rejects.toThrow(/not a valid URL/)
  })
})
