import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { closeAllServices, stdioServer } from '../services/helpers'
import { allSpans, inMemoryEcho, named, tracedService } from './traceHelpers'

afterAll(closeAllServices)

const metaEcho = () => stdioServer(fileURLToPath(new URL('./fixtures/meta-echo.mjs', import.meta.url)), { id: 'meta-echo-rec', name: 'meta-echo' })
const metaOf = (result: { content: unknown[] }) => JSON.parse((result.content[0] as { text: string }).text) as { traceparent?: string }

describe("the Trace window's Pause / Resume recording", () => {
  it('paused, a call is no span and its server gets no traceparent; the spans kept stay; resumed, calls are traced again', async () => {
    const { service, tracing } = tracedService()
    const server = metaEcho()
    const heard: boolean[] = []
    tracing.onRecording((on) => heard.push(on))

    const first = metaOf(await service.callTool({ server, name: 'meta', args: {}, callId: 'rec-1' }))
    const [kept] = named(allSpans(tracing), 'meta-echo.meta')
    expect(first.traceparent).toBe(`00-${kept.traceId}-${kept.spanId}-01`)

    expect(tracing.record(false)).toBe(false)
    expect(tracing.recording).toBe(false)
    const paused = metaOf(await service.callTool({ server, name: 'meta', args: {}, callId: 'rec-2' }))
    expect(paused.traceparent).toBeUndefined()
    await service.listTools(server)
    expect(named(allSpans(tracing), 'meta-echo.meta').map((span) => span.spanId)).toEqual([kept.spanId])
    expect(named(allSpans(tracing), 'meta-echo.ListTools')).toEqual([])

    tracing.record(false)
    tracing.record(true)
    const resumed = metaOf(await service.callTool({ server, name: 'meta', args: {}, callId: 'rec-3' }))
    const calls = named(allSpans(tracing), 'meta-echo.meta')
    expect(calls).toHaveLength(2)
    expect(resumed.traceparent).toBe(`00-${calls[0].traceId}-${calls[0].spanId}-01`)
    expect(calls[0].attributes['mcp.call.id']).toBe('rec-3')
    // once per change, not per click on the same state
    expect(heard).toEqual([false, true])
  })

  it('a connect made while paused is not traced, and the server works as before', async () => {
    const { service, tracing } = tracedService()
    tracing.record(false)
    const server = inMemoryEcho()
    const result = await service.callTool({ server, name: 'echo', args: { text: 'quiet' } })
    expect(result.content).toEqual([{ type: 'text', text: 'quiet' }])
    expect(allSpans(tracing)).toEqual([])
    tracing.record(true)
    await service.callTool({ server, name: 'echo', args: { text: 'heard' } })
    // already connected: the call alone, with no connect of its own
    expect(allSpans(tracing).map((span) => span.name)).toEqual(['echo.echo'])
  })
})
