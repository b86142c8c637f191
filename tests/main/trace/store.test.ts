import { afterAll, describe, expect, it } from 'vitest'
import type { TraceSpansEvent } from '@shared/trace/spans'
import { closeAllServices, waitFor } from '../services/helpers'
import { inMemoryEcho, tracedService } from './traceHelpers'

afterAll(closeAllServices)

describe('the trace store', () => {
  it('holds its bound under 10,000 calls: the newest 1,000 spans of the server, the oldest dropped', async () => {
    const { service, tracing } = tracedService()
    const server = inMemoryEcho({ id: 'flood' })
    const sizes: number[] = []
    for (let i = 0; i < 10_000; i++) {
      await service.callTool({ server, name: 'echo', args: { text: `call ${i}` } })
      if (i % 2000 === 1999) sizes.push(tracing.store.size)
    }
    // full from the first checkpoint on, and never more
    expect(sizes).toEqual([1000, 1000, 1000, 1000, 1000])
    const recent = tracing.store.list({ limit: 5000 })
    expect(recent).toHaveLength(1000)
    expect(recent[0].root.attributes['mcp.request.arguments']).toBe('{"text":"call 9999"}')
    expect(recent.at(-1)?.root.attributes['mcp.request.arguments']).toBe('{"text":"call 9000"}')
    // the first call (and the connect inside it) is gone, its trace too
    expect(tracing.store.list({ search: 'call 9999' })).toHaveLength(1)
    expect(tracing.store.list({ search: 'call 0' })).toEqual([])
  })

  it('a total cap holds across servers, and each server keeps its own bound', async () => {
    const { service, tracing } = tracedService({ store: { perServer: 50, total: 120 } })
    const servers = [inMemoryEcho({ id: 'a' }), inMemoryEcho({ id: 'b' }), inMemoryEcho({ id: 'c' })]
    for (let i = 0; i < 100; i++) for (const server of servers) await service.callTool({ server, name: 'echo', args: { text: `${server.id} ${i}` } })
    expect(tracing.store.size).toBe(120)
    for (const server of servers) expect(tracing.store.list({ serverId: server.id, limit: 5000 }).length).toBeLessThanOrEqual(50)
    expect(tracing.store.list({ serverId: 'c', limit: 1 })[0].root.attributes['mcp.request.arguments']).toBe('{"text":"c 99"}')
  })

  it('while a window watches, pushes a running span when it starts and again when it ends, in batches; clear empties it and says so', async () => {
    const { service, tracing } = tracedService({ store: { pushMs: 20 } })
    tracing.watch()
    const pushes: TraceSpansEvent[] = []
    tracing.store.onSpans((event) => pushes.push(event))
    const server = inMemoryEcho({ id: 'pushed' })
    await service.callTool({ server, name: 'echo', args: { text: 'one' } })
    await waitFor(() => pushes.flatMap((p) => p.spans).some((span) => span.name === 'echo.echo' && span.status === 'ok'), 5000, 'the ended span')
    const states = pushes.flatMap((p) => p.spans).filter((span) => span.name === 'echo.echo').map((span) => span.status)
    // the first of a burst goes at once: the span is seen running before it is seen done
    expect(states[0]).toBe('running')
    expect(states.at(-1)).toBe('ok')
    tracing.store.clear()
    expect(pushes.at(-1)).toEqual({ spans: [], cleared: true })
    expect(tracing.store.list()).toEqual([])
  })

  it('builds spans only when read while no window watches, as they start while one does, and never loses one', async () => {
    const { service, tracing } = tracedService()
    const server = inMemoryEcho({ id: 'lazy' })
    const call = (text: string) => service.callTool({ server, name: 'echo', args: { text } })
    await call('one')
    await call('two')
    // the two calls and the connect the first one needed, recorded but not built
    expect(tracing.unbuilt).toBe(3)
    const unread = tracing.store.list()
    expect(tracing.unbuilt).toBe(0)
    expect(unread.map((trace) => trace.root.attributes['mcp.request.arguments'])).toEqual(['{"text":"two"}', '{"text":"one"}'])
    expect(tracing.store.get(unread[1].traceId).map((span) => span.name)).toEqual(['echo.echo', 'echo.connect'])

    tracing.watch()
    await call('three')
    expect(tracing.unbuilt).toBe(0)
    // the watch ended (the window closed): recorded again, still there when read
    tracing.watch(0)
    await call('four')
    expect(tracing.unbuilt).toBe(1)
    expect(tracing.store.list({ search: 'four' })).toHaveLength(1)
    await call('five')
    tracing.store.clear()
    expect(tracing.unbuilt).toBe(0)
    expect(tracing.store.list()).toEqual([])
  })

  it('does not hold big arguments and results unread: past the limit, unread spans are built (their JSON cut)', async () => {
    const { service, tracing } = tracedService()
    const server = inMemoryEcho({ id: 'big' })
    const text = 'x'.repeat(400_000)
    // each call holds its arguments and its result: 800,000 characters, ten of them reach the limit
    for (let i = 0; i < 20; i++) await service.callTool({ server, name: 'echo', args: { text } })
    await waitFor(() => tracing.unbuilt === 0, 5000, 'the unread spans built')
    const [last] = tracing.store.list({ limit: 1 })
    expect(String(last.root.attributes['mcp.request.arguments']).length).toBeLessThanOrEqual(4000)
  })
})

