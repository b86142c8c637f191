import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BatchedServerRing, FLUSH_MS } from '../../../src/main/services/mcp/BatchedServerRing'

interface Raw {
  n: number
  redacted?: { n: number; shown: string }
}

function setup(maxEntries: number) {
  const batches: Array<[string, number[]]> = []
  const redacted: number[] = []
  const ring = new BatchedServerRing<Raw, { n: number; shown: string }>({
    maxEntries,
    redact: (raw) => {
      redacted.push(raw.n)
      return { n: raw.n, shown: `#${raw.n}` }
    },
    send: (serverId, entries) => batches.push([serverId, entries.map((e) => e.n)])
  })
  const append = (serverId: string, ...ns: number[]) => ns.forEach((n) => ring.append(serverId, { n }))
  const ns = (serverId: string) => ring.get(serverId).map((e) => e.n)
  return { ring, batches, redacted, append, ns }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('BatchedServerRing', () => {
  it('keeps the last maxEntries per server, drops the oldest', () => {
    const { append, ns } = setup(200)
    append('a', ...Array.from({ length: 250 }, (_, i) => i))
    append('b', 1)
    expect(ns('a')).toHaveLength(200)
    expect(ns('a')[0]).toBe(50)
    expect(ns('a').at(-1)).toBe(249)
    expect(ns('b')).toEqual([1])
  })

  it('behaves like "the last N of everything appended", and pushes the last N of what is new', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 30 }), (max, before, after) => {
        const { ring, batches, append, ns } = setup(max)
        const all = Array.from({ length: before + after }, (_, i) => i)
        append('k', ...all.slice(0, before))
        ring.flush()
        batches.length = 0
        append('k', ...all.slice(before))
        ring.flush()
        expect(ns('k')).toEqual(all.slice(-max))
        expect(batches).toEqual(after ? [['k', all.slice(before).slice(-max)]] : [])
      })
    )
  })

  it('redacts an entry once, and only the entries still kept when they are pushed or read', () => {
    const { ring, redacted, append } = setup(200)
    append('a', ...Array.from({ length: 1000 }, (_, i) => i))
    ring.flush()
    expect(redacted).toHaveLength(200)
    expect(redacted[0]).toBe(800)
    ring.get('a')
    expect(redacted).toHaveLength(200)
  })

  it('reads are copies; remove forgets a server and what it had waiting; a bad size is refused', () => {
    const { ring, batches, append } = setup(5)
    append('a', 1)
    ring.get('a')[0].shown = 'changed'
    expect(ring.get('a')[0].shown).toBe('#1')
    ring.remove('a')
    ring.flush()
    expect(batches).toEqual([])
    expect(ring.get('a')).toEqual([])
    // a server removed and written again before the push: only the new entries go out
    append('b', 1)
    ring.remove('b')
    append('b', 2)
    ring.flush()
    expect(batches).toEqual([['b', [2]]])
    expect(() => setup(0)).toThrow(/maxEntries must be a positive integer/)
  })

  it('pushes a burst as one batch per server, FLUSH_MS after its first entry, and entries that come during a push in the next', () => {
    vi.useFakeTimers()
    const { batches, append } = setup(10)
    append('a', 1, 2)
    append('b', 3)
    append('a', 4)
    expect(batches).toEqual([])
    vi.advanceTimersByTime(FLUSH_MS)
    expect(batches).toEqual([
      ['a', [1, 2, 4]],
      ['b', [3]]
    ])
    // a send that writes again (a listener logging what it got) queues a new batch
    batches.length = 0
    const reentrant = new BatchedServerRing<Raw, { n: number }>({
      maxEntries: 10,
      redact: (raw) => ({ n: raw.n }),
      send: (serverId, entries) => {
        batches.push([serverId, entries.map((e) => e.n)])
        if (entries[0].n === 1) reentrant.append(serverId, { n: 2 })
      }
    })
    reentrant.append('c', { n: 1 })
    reentrant.flush()
    vi.advanceTimersByTime(FLUSH_MS)
    expect(batches).toEqual([
      ['c', [1]],
      ['c', [2]]
    ])
  })
})
