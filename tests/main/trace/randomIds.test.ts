import { describe, expect, it } from 'vitest'
import { RandomIds } from '../../../src/main/services/trace/randomIds'

describe('W3C trace and span ids from a random pool', () => {
  it('are 32 and 16 lowercase hex characters, all different over many refills', () => {
    const ids = new RandomIds()
    const traces = new Set<string>()
    const spans = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      traces.add(ids.traceId())
      spans.add(ids.spanId())
    }
    expect(traces.size).toBe(2000)
    expect(spans.size).toBe(2000)
    for (const id of traces) expect(id).toMatch(/^[0-9a-f]{32}$/)
    for (const id of spans) expect(id).toMatch(/^[0-9a-f]{16}$/)
  })

  it('never hands out an all-zero id, which W3C trace context calls invalid', () => {
    // a source that gives zeros first, then real bytes
    let refills = 0
    const ids = new RandomIds((bytes) => (refills++ === 0 ? '0'.repeat(bytes * 2 - 16) + '1'.repeat(16) : 'ab'.repeat(bytes)))
    const trace = ids.traceId()
    expect(trace).not.toBe('0'.repeat(32))
    expect(trace).toMatch(/^[0-9a-f]{32}$/)
    const span = ids.spanId()
    expect(span).not.toBe('0'.repeat(16))
  })
})
