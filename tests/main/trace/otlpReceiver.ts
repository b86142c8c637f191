import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

interface OtlpValue {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  arrayValue?: { values: OtlpValue[] }
}
export interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: Array<{ key: string; value: OtlpValue }>
  events?: Array<{ name: string }>
  status?: { code?: number; message?: string }
}

/**
 * A real OTLP/HTTP receiver (JSON encoding) on 127.0.0.1, port 0; `hold` keeps requests unanswered;
 * `require` answers 401 to a request without that header value, as a collector behind a token does.
 */
export async function receiver(options: { hold?: boolean; require?: { name: string; value: string } } = {}) {
  const spans: OtlpSpan[] = []
  const headers: IncomingMessage['headers'][] = []
  const held: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      headers.push(req.headers)
      if (options.require && req.headers[options.require.name] !== options.require.value) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('missing or wrong token')
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>
      }
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans)
      if (options.hold) held.push(res)
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const close = async () => {
    for (const res of held.splice(0)) res.writeHead(200).end('{}')
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  receivers.push(close)
  return { url: `http://127.0.0.1:${port}`, spans, headers, held, close }
}
const receivers: Array<() => Promise<void>> = []

/** afterEach: every receiver a test started is closed. */
export async function closeReceivers(): Promise<void> {
  await Promise.all(receivers.splice(0).map((close) => close()))
}

