import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { closeReceivers, receiver } from '../main/trace/otlpReceiver'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(async () => {
  await stopStrayClis()
  await closeReceivers()
})

const config = writeConfig({ everything: { command: 'node', args: [EVERYTHING, 'stdio'] } })
const CALL = 'everything.trigger-long-running-operation'
const longRun = ['call', 'everything', 'trigger-long-running-operation', '--args', '{"duration":1,"steps":4}']

interface Node {
  name: string
  status: string
  durationMs?: number
  events: Array<{ name: string; atMs: number; attributes: Record<string, unknown> }>
  children: Node[]
}

/** A port nothing listens on: taken from the OS, then let go. */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('cli call --trace', () => {
  it('prints the span tree after the result on stderr: durations, the progress events, the connect nested under the call', async () => {
    const run = await cli([...config, ...longRun, '--trace'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Long running operation completed')
    // stdout is the result alone
    expect(run.stdout).not.toContain('trace:')
    const trace = run.stderr.slice(run.stderr.indexOf('trace:\n'))
    expect(trace).toMatch(new RegExp(`^${CALL.replace('.', '\\.')}  [\\d.]+ ms  ok$`, 'm'))
    expect(trace.match(/^ {2}· \+[\d.]+ ms progress \d\/4$/gm)?.length).toBeGreaterThanOrEqual(2)
    // the connect this call needed, one level in
    expect(trace).toMatch(/^ {2}everything\.connect {2}[\d.]+ ms {2}ok$/m)
  })

  it('--json puts the tree in a "trace" field beside the result, and stdout stays one JSON document', async () => {
    const run = await cli([...config, ...longRun, '--trace', '--json'])
    expect(run.code).toBe(0)
    const parsed = JSON.parse(run.stdout) as { content: Array<{ text: string }>; trace: Node[] }
    expect(parsed.content[0].text).toContain('Long running operation completed')
    const [call] = parsed.trace
    expect(call.name).toBe(CALL)
    expect(call.status).toBe('ok')
    expect(call.durationMs).toBeGreaterThan(0)
    const progress = call.events.filter((event) => event.name === 'progress')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0].attributes).toMatchObject({ progress: 1, total: 4 })
    expect(call.children.map((child) => child.name)).toContain('everything.connect')
  })

  it("a tool's error is in the tree, marked failed with its message", async () => {
    const run = await cli([...config, 'call', 'everything', 'no-such-tool', '--trace', '--json'])
    expect(run.code).toBe(1)
    const [call] = (JSON.parse(run.stdout) as { trace: Array<Node & { error?: string }> }).trace
    expect(call.name).toBe('everything.no-such-tool')
    expect(call.status).toBe('error')
    expect(call.error).toContain('no-such-tool')
  })

  it('--trace belongs to call and chat only: elsewhere it is a usage error', async () => {
    const run = await cli([...config, 'tools', 'everything', '--trace'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--trace applies to "call" and "chat" only')
  })
})

describe('cli and OTEL_EXPORTER_OTLP_*', () => {
  it('sends its spans to the collector the variables name, with their headers, before it exits', async () => {
    const collector = await receiver()
    const run = await cli([...config, ...longRun], {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_HEADERS: 'x-team=blue' }
    })
    expect(run.code).toBe(0)
    // already there when the CLI is gone: it flushed on the way out
    const call = collector.spans.find((span) => span.name === CALL)
    expect(call).toBeDefined()
    expect(call!.events?.filter((event) => event.name === 'progress').length).toBeGreaterThanOrEqual(2)
    expect(collector.spans.find((span) => span.name === 'everything.connect')?.parentSpanId).toBe(call!.spanId)
    expect(collector.headers.every((headers) => headers['x-team'] === 'blue')).toBe(true)
  })

  it('a collector that is not there costs the call nothing: the result, exit 0, no export error on stdout', async () => {
    const port = await deadPort()
    const run = await cli([...config, 'call', 'everything', 'echo', '--args', '{"message":"still here"}'], {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` }
    })
    expect(run.code).toBe(0)
    expect(run.stdout.trim()).toBe('Echo: still here')
  })
})
