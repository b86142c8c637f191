import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { hostTracing } from '../../../src/main/services/trace/hostTracing'
import { otlpExporter, otlpFromEnv } from '../../../src/main/services/trace/otlp'
import { closeAllServices, waitFor } from '../services/helpers'
import { closeReceivers, receiver, type OtlpSpan } from './otlpReceiver'
import { inMemoryEcho, tracedService } from './traceHelpers'

afterAll(closeAllServices)

afterEach(closeReceivers)

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? value?.boolValue ?? (value?.intValue !== undefined ? Number(value.intValue) : undefined)
}

describe('OTLP export', () => {
  it('sends every span with its attributes to a collector over OTLP/HTTP', async () => {
    const collector = await receiver()
    const { service, tracing } = tracedService({ exporter: otlpExporter({ endpoint: `${collector.url}/v1/traces`, headers: { 'x-team': 'blue' } }) })
    const server = inMemoryEcho({ id: 'exported' })
    await service.callTool({ server, name: 'echo', args: { text: 'to the collector', password: 'hunter2-hunter2' } })
    await tracing.flush()

    await waitFor(() => collector.spans.some((span) => span.name === 'echo.echo'), 10_000, 'the exported call span')
    const call = collector.spans.find((span) => span.name === 'echo.echo')!
    expect(attr(call, 'mcp.server.id')).toBe('exported')
    expect(attr(call, 'mcp.tool.name')).toBe('echo')
    expect(attr(call, 'mcp.request.arguments')).toBe('{"text":"to the collector","password":"<redacted>"}')
    expect(attr(call, 'mcp.response.is_error')).toBe(false)
    expect(attr(call, 'mcp.response.size')).toBeGreaterThan(0)
    const connect = collector.spans.find((span) => span.name === 'echo.connect')!
    expect(connect.parentSpanId).toBe(call.spanId)
    expect(connect.traceId).toBe(call.traceId)
    expect(collector.headers[0]['x-team']).toBe('blue')
    expect(collector.headers[0]['content-type']).toContain('application/json')
  })

  it('a collector that does not answer holds no call, and an unreachable one fails none', async () => {
    const stuck = await receiver({ hold: true })
    const { service, tracing } = tracedService({ exporter: otlpExporter({ endpoint: `${stuck.url}/v1/traces` }) })
    const server = inMemoryEcho({ id: 'stuck' })
    await service.callTool({ server, name: 'echo', args: { text: 'first' } })
    void tracing.flush()
    await waitFor(() => stuck.held.length > 0, 10_000, 'an export in flight')
    // the export hangs; calls go on while it does
    for (let i = 0; i < 20; i++) await service.callTool({ server, name: 'echo', args: { text: `while stuck ${i}` } })
    expect(stuck.held).toHaveLength(1)

    const gone = await receiver()
    await gone.close()
    const dead = tracedService({ exporter: otlpExporter({ endpoint: `${gone.url}/v1/traces` }, 2000) })
    const result = await dead.service.callTool({ server: inMemoryEcho({ id: 'dead' }), name: 'echo', args: { text: 'still fine' } })
    expect(result.content).toEqual([{ type: 'text', text: 'still fine' }])
    await expect(dead.tracing.flush()).resolves.toBeUndefined()
    expect(dead.tracing.store.list()).toHaveLength(1)
  })

  it('honours OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS', async () => {
    expect(otlpFromEnv({})).toBeUndefined()
    expect(otlpFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_EXPORTER_OTLP_HEADERS: 'api-key=a%20b,x=1' })).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      headers: { 'api-key': 'a b', x: '1' }
    })
    expect(otlpFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:9999/traces' })?.endpoint).toBe('http://b:9999/traces')

    const collector = await receiver()
    const noSetting = { getItem: () => Promise.resolve(null), setItem: () => Promise.resolve() }
    const { tracing } = hostTracing({ secrets: () => [], storage: noSetting, env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20team-token' } })
    const { service } = tracedService({}, { tracing })
    await service.listTools(inMemoryEcho({ id: 'from-env' }))
    await tracing.flush()
    await waitFor(() => collector.spans.some((span) => span.name === 'echo.ListTools'), 10_000, 'the exported list span')
    expect(collector.headers[0].authorization).toBe('Bearer team-token')
    await tracing.shutdown()
  })
})
