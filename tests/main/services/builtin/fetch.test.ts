import { rmSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import type { McpServer } from '@shared/mcp/server'
import { getOnce } from '../../../../src/main/services/mcp/builtin/fetch/httpGet'
import { closeAllServices, makeService, waitFor } from '../helpers'

// every request of this file goes to this one server on 127.0.0.1, never anywhere else
let site: Server
let base = ''
const requests: string[] = []
const userAgents: string[] = []
let bigClosed = 0
/** the ?tag of each /hang request whose connection has closed */
const hangClosed = new Set<string>()

const PAGE = `<!doctype html><html><head><title>Tab title</title><style>body{color:red}</style><script>window.secret = 1</script></head>
<body><h1>Fetch &amp; tell</h1><h2>Second level</h2>
<p>Read the <a href="/docs/intro">intro</a> or <a href="https://example.org/x">elsewhere</a>, <strong>now</strong>.</p>
<ul><li>first item</li><li>second item</li></ul></body></html>`

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, ...headers })
  res.end(body)
}

function route(url: string, res: ServerResponse): void {
  const [path, tag = ''] = url.split('?')
  const hop = /^\/hops\/(\d+)$/.exec(path)
  if (hop) {
    const n = Number(hop[1])
    if (n === 0) return send(res, 200, 'text/plain', 'arrived after the hops')
    return send(res, 302, 'text/plain', '', { location: `/hops/${n - 1}` })
  }
  switch (path) {
    case '/page':
      return send(res, 200, 'text/html; charset=utf-8', PAGE)
    case '/gzipped':
      return send(res, 200, 'text/html', gzipSync(PAGE), { 'content-encoding': 'gzip' })
    case '/bad-gzip':
      return send(res, 200, 'text/html', 'this is not gzip at all', { 'content-encoding': 'gzip' })
    case '/data.json':
      return send(res, 200, 'application/json', '{"name":"studio","tags":["a","b"]}')
    case '/plain':
      return send(res, 200, 'text/plain', 'just *plain* text, kept as it is')
    case '/image':
      return send(res, 200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))
    case '/long':
      return send(res, 200, 'text/plain', 'a'.repeat(4000) + 'b'.repeat(4000) + 'c'.repeat(4000))
    case '/missing':
      return send(res, 404, 'text/plain', 'nope')
    case '/docs/relative':
      return send(res, 301, 'text/plain', '', { location: '../page' })
    case '/to-file':
      return send(res, 302, 'text/plain', '', { location: 'file:///etc/passwd' })
    case '/declared-big':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(6 * 1024 * 1024) })
      return void res.write('x')
    case '/endless': {
      // no length: only counting while reading can stop this one
      res.writeHead(200, { 'content-type': 'text/plain' })
      const chunk = Buffer.alloc(64 * 1024, 'y')
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      }
      res.on('drain', pump)
      res.on('close', () => bigClosed++)
      return pump()
    }
    case '/hang':
      return void res.on('close', () => hangClosed.add(tag)) // never answers
    default:
      return send(res, 404, 'text/plain', 'no such route')
  }
}

beforeAll(async () => {
  site = createServer((req, res) => {
    requests.push(req.url ?? '')
    userAgents.push(req.headers['user-agent'] ?? '')
    route(req.url ?? '', res)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})

afterAll(async () => {
  site.closeAllConnections()
  await new Promise((resolve) => site.close(resolve))
})

const dirs: string[] = []
afterEach(async () => {
  await closeAllServices()
  site.closeAllConnections()
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

let serial = 0
function fetchServer(env: Record<string, string> = { FETCH_ALLOW_PRIVATE: '1' }): McpServer {
  return {
    id: `fetch-${++serial}`,
    name: BuiltinServerNames.fetch,
    type: 'inMemory',
    isActive: true,
    env
  }
}

const textOf = (result: CallToolResult) => (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join('\n')

async function fetchTool(args: Record<string, unknown>, server = fetchServer()) {
  const { service, platform } = makeService({ trust: () => true })
  dirs.push(platform.userDataDir)
  const result = await service.callTool({ server, name: 'fetch', args })
  return { result, text: textOf(result), isError: result.isError === true }
}

describe('@studio/fetch', () => {
  it('offers one fetch tool with the reference arguments plus format', async () => {
    const { service, platform } = makeService({ trust: () => true })
    dirs.push(platform.userDataDir)
    const [tool, ...others] = await service.listTools(fetchServer())
    expect(others).toEqual([])
    expect(tool.name).toBe('fetch')
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(['format', 'max_length', 'raw', 'start_index', 'url'])
    expect(tool.inputSchema.required).toEqual(['url'])
  })

  it('turns a page into markdown: headings, lists, absolute links; scripts, styles and the head left out', async () => {
    const { text, isError } = await fetchTool({ url: `${base}/page` })
    expect(isError).toBe(false)
    expect(text).toContain(`Contents of ${base}/page:`)
    expect(text).toContain('# Fetch & tell')
    expect(text).toContain('## Second level')
    expect(text).toContain(`[intro](${base}/docs/intro)`)
    expect(text).toContain('[elsewhere](https://example.org/x)')
    expect(text).toContain('**now**')
    expect(text).toMatch(/-\s+first item/)
    expect(text).not.toMatch(/window\.secret|color:red|Tab title/)
    expect(userAgents.at(-1)).toContain('MCP-Studio')
  })

  it('reads a gzip-encoded page like a plain one; a damaged one is a clear error', async () => {
    const { text } = await fetchTool({ url: `${base}/gzipped` })
    expect(text).toContain('# Fetch & tell')
    const damaged = await fetchTool({ url: `${base}/bad-gzip` })
    expect(damaged.isError).toBe(true)
    expect(damaged.text).toMatch(/^Failed to fetch: the response could not be read to its end: Z_\w+$/)
  })

  it('html gives the page as sent (raw: true too); text gives the words without markup', async () => {
    const html = await fetchTool({ url: `${base}/page`, format: 'html', max_length: 100_000 })
    expect(html.text).toContain('<h1>Fetch &amp; tell</h1>')
    expect(html.text).toContain('<script>window.secret = 1</script>')
    expect((await fetchTool({ url: `${base}/page`, raw: true, max_length: 100_000 })).text).toContain('<h1>Fetch &amp; tell</h1>')

    const text = (await fetchTool({ url: `${base}/page`, format: 'text' })).text
    expect(text).toContain('Fetch & tell')
    expect(text).toContain('Read the intro or elsewhere, now.')
    expect(text).not.toMatch(/[#*[\]<>]|\(http|window\.secret/)
  })

  it('json is pretty-printed; a body that is not JSON is a clear error', async () => {
    const json = await fetchTool({ url: `${base}/data.json`, format: 'json' })
    expect(json.isError).toBe(false)
    expect(json.text).toContain('{\n  "name": "studio",\n  "tags": [\n    "a",\n    "b"\n  ]\n}')

    const notJson = await fetchTool({ url: `${base}/page`, format: 'json' })
    expect(notJson.isError).toBe(true)
    expect(notJson.text).toBe(`Failed to fetch: ${base}/page did not return valid JSON (text/html); ask for format "text" or "markdown" to read it`)
  })

  it('content that is not HTML comes back as the text it is; an image is refused as not text', async () => {
    expect((await fetchTool({ url: `${base}/plain` })).text).toContain('just *plain* text, kept as it is')
    const image = await fetchTool({ url: `${base}/image` })
    expect(image.isError).toBe(true)
    expect(image.text).toContain('is image/png, not text')
  })

  it('pages with start_index and max_length, saying where the next part starts', async () => {
    const first = await fetchTool({ url: `${base}/long`, max_length: 5000 })
    expect(first.text).toContain('a'.repeat(4000) + 'b'.repeat(1000) + '\n')
    expect(first.text).not.toContain('b'.repeat(1001))
    expect(first.text).toMatch(/Content truncated: characters 0–5000 of 12000\. Call fetch again with start_index 5000 to get the next part\.\]$/)

    const second = await fetchTool({ url: `${base}/long`, start_index: 5000, max_length: 5000 })
    expect(second.text).toContain('b'.repeat(3000) + 'c'.repeat(2000) + '\n')
    expect(second.text).toContain('start_index 10000')

    const last = await fetchTool({ url: `${base}/long`, start_index: 10000, max_length: 5000 })
    expect(last.text.endsWith('c'.repeat(2000))).toBe(true)
    expect(last.text).not.toContain('truncated')

    const past = await fetchTool({ url: `${base}/long`, start_index: 12000 })
    expect(past.text).toContain('No more content: start_index 12000 is at or past the end')
  })

  it('follows five redirects, refuses a sixth', async () => {
    const five = await fetchTool({ url: `${base}/hops/5` })
    expect(five.isError).toBe(false)
    expect(five.text).toContain(`Contents of ${base}/hops/0:\narrived after the hops`)

    const before = requests.length
    const six = await fetchTool({ url: `${base}/hops/6` })
    expect(six.isError).toBe(true)
    expect(six.text).toBe(`Failed to fetch: too many redirects: gave up after 5, at ${base}/hops/1`)
    expect(requests.slice(before)).toEqual(['/hops/6', '/hops/5', '/hops/4', '/hops/3', '/hops/2', '/hops/1'])
  })

  it('follows a relative redirect; a redirect to file: is refused', async () => {
    const relative = await fetchTool({ url: `${base}/docs/relative` })
    expect(relative.text).toContain(`Contents of ${base}/page:`)
    expect(relative.text).toContain('# Fetch & tell')

    const toFile = await fetchTool({ url: `${base}/to-file` })
    expect(toFile.isError).toBe(true)
    expect(toFile.text).toBe(`Failed to fetch: the redirect from ${base}/to-file uses file: — only http: and https: addresses can be fetched`)
  })

  it.each(['file:///etc/passwd', 'data:text/plain,hi', 'ftp://127.0.0.1/x', 'javascript:alert(1)'])('refuses %s: only http and https', async (url) => {
    const { text, isError } = await fetchTool({ url })
    expect(isError).toBe(true)
    expect(text).toMatch(/^Failed to fetch: the url uses \w+: — only http: and https: addresses can be fetched$/)
  })

  it('an HTTP error status and a URL that does not parse are one-line errors', async () => {
    expect((await fetchTool({ url: `${base}/missing` })).text).toBe(`Failed to fetch: ${base}/missing answered HTTP 404 Not Found`)
    expect((await fetchTool({ url: 'not a url' })).text).toBe('Failed to fetch: the url is not a valid absolute URL: "not a url"')
  })

  it('stops reading a body over 5 MB, declared or streamed without a length', async () => {
    const declared = await fetchTool({ url: `${base}/declared-big` })
    expect(declared.isError).toBe(true)
    expect(declared.text).toContain('the response is larger than the 5 MB limit (6 MB); reading stopped')

    const endless = await fetchTool({ url: `${base}/endless` })
    expect(endless.isError).toBe(true)
    expect(endless.text).toContain('the response is larger than the 5 MB limit; reading stopped')
    expect(endless.text).toContain('FETCH_MAX_BYTES')
    await waitFor(() => bigClosed > 0, 5000, 'the endless response to be torn down')
  })

  it('gives up after FETCH_TIMEOUT_MS on a server that never answers', async () => {
    const { text, isError } = await fetchTool({ url: `${base}/hang` }, fetchServer({ FETCH_ALLOW_PRIVATE: '1', FETCH_TIMEOUT_MS: '300' }))
    expect(isError).toBe(true)
    expect(text).toBe(`Failed to fetch: timed out after 300 ms fetching ${base}/hang`)
  })

  it('a cancelled call closes its connection to the site at once', async () => {
    const { service, platform } = makeService({ trust: () => true })
    dirs.push(platform.userDataDir)
    const sentBefore = requests.length
    const controller = new AbortController()
    const call = service.callTool({ server: fetchServer(), name: 'fetch', args: { url: `${base}/hang?cancelled` } }, { signal: controller.signal })
    call.catch(() => {}) // its rejection is asserted below
    await waitFor(() => requests.slice(sentBefore).includes('/hang?cancelled'), 5000, 'the request to arrive')
    controller.abort()
    await expect(call).rejects.toThrow()
    // without the signal reaching the request it would stay open for the whole 30 s timeout
    await waitFor(() => hangClosed.has('cancelled'), 5000, 'the site to see the connection closed')
  })

  it('without FETCH_ALLOW_PRIVATE, loopback is refused before any request is sent, naming the flag', async () => {
    const before = requests.length
    for (const url of [`${base}/page`, `http://localhost:${new URL(base).port}/page`, 'http://[::1]/']) {
      const { text, isError } = await fetchTool({ url }, fetchServer({}))
      expect(isError).toBe(true)
      expect(text).toContain('is a loopback address, not a public one')
      expect(text).toContain("set FETCH_ALLOW_PRIVATE=1 in this server's env")
    }
    expect(requests.length).toBe(before)
  })

  it('a bad FETCH_TIMEOUT_MS is an error naming it, not a guess', async () => {
    await expect(fetchTool({ url: `${base}/page` }, fetchServer({ FETCH_TIMEOUT_MS: 'soon' }))).rejects.toThrow(/FETCH_TIMEOUT_MS must be a whole number/)
  })

  it('connects to the checked address only: the host name is never looked up again', async () => {
    // .invalid never resolves, so this works only because the socket takes the pinned address
    const url = new URL(`http://pinned.invalid:${new URL(base).port}/plain`)
    const response = await getOnce(url, { address: '127.0.0.1', family: 4 }, { signal: new AbortController().signal, maxBytes: 1024 })
    expect(response.status).toBe(200)
    expect(response.body.toString()).toBe('just *plain* text, kept as it is')
  })
})
