import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LineSplitter, type OverflowedLine } from '../../../src/main/services/mcp/transports/lineSplitter'

function split(chunks: Buffer[], maxLine?: number, keepLast?: number) {
  const lines: string[] = []
  const overflows: OverflowedLine[] = []
  let skipped = 0
  const splitter = new LineSplitter((l) => lines.push(l), (n) => overflows.push(n), maxLine, { keepLast, onSkip: (n) => (skipped += n) })
  for (const chunk of chunks) splitter.push(chunk)
  splitter.end()
  return { lines, overflows, skipped }
}

/** Cuts bytes at the given offsets, anywhere, even inside a multi-byte character. */
function cutAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Buffer[] = []
  let start = 0
  for (const p of points) {
    out.push(bytes.subarray(start, p))
    start = p
  }
  out.push(bytes.subarray(start))
  return out
}

describe('LineSplitter', () => {
  it('gives the same lines however the stream is chunked (CRLF, Chinese, emoji, empty lines)', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '{', '"', '天', '气', '🌤', 'é', '\r'), maxLength: 30 })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 12 }), (lines, crlf, cuts) => {
        const text = lines.map((l) => l.replace(/\r/g, '') + (crlf ? '\r\n' : '\n')).join('')
        const expected = lines.map((l) => l.replace(/\r/g, ''))
        expect(split(cutAt(Buffer.from(text), cuts)).lines).toEqual(expected)
      })
    )
  })

  it('a last line without a newline arrives on end', () => {
    expect(split([Buffer.from('one\ntw'), Buffer.from('o')]).lines).toEqual(['one', 'two'])
  })

  it('a line longer than maxLine is reported once when it ends, with its size and edges, none of it delivered; the stream goes on', () => {
    const { lines, overflows } = split([Buffer.from('ok\n'), Buffer.alloc(40, 'x'), Buffer.alloc(40, 'y'), Buffer.from('tail\nnext\n')], 64)
    expect(overflows).toEqual([{ bytes: 84, head: 'x'.repeat(40) + 'y'.repeat(40), tail: 'x'.repeat(40) + 'y'.repeat(40) + 'tail' }])
    expect(lines).toEqual(['ok', 'next'])
  })

  it('an oversized line keeps only its first and last 256 bytes however it is chunked, and one that ends the stream is reported too', () => {
    const line = Buffer.from('{"head":1,' + 'z'.repeat(5000) + ',"id":7}')
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const { lines, overflows } = split([...cutAt(Buffer.concat([line, Buffer.from('\nafter\n')]), cuts), Buffer.from('{"last":' + 'q'.repeat(1300))], 1000)
        expect(lines).toEqual(['after'])
        expect(overflows).toHaveLength(2)
        expect(overflows[0]).toEqual({ bytes: line.length, head: line.subarray(0, 256).toString(), tail: line.subarray(-256).toString() })
        expect(overflows[1].bytes).toBe(1308)
      })
    )
  })

  it('keepLast: at most N lines per chunk, the newest, in order; the others only counted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '天', '🌤'), maxLength: 6 }), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (keepLast, all, cuts) => {
          const text = all.map((l) => `${l}\n`).join('')
          const chunks = cutAt(Buffer.from(text), cuts)
          const { lines, skipped } = split(chunks, undefined, keepLast)
          expect(lines.length + skipped).toBe(all.length)
          // in order: what arrives is a subsequence of what was written
          let at = 0
          for (const line of lines) {
            while (at < all.length && all[at] !== line) at++
            expect(at).toBeLessThan(all.length)
            at++
          }
          // the newest lines always arrive
          expect(lines.slice(-keepLast)).toEqual(all.slice(-keepLast))
          // no chunk gave more than keepLast (the line completed by end() aside)
          expect(lines.length).toBeLessThanOrEqual(keepLast * chunks.length + 1)
        }
      )
    )
    expect(() => new LineSplitter(() => undefined, () => undefined, 10, { keepLast: 0 })).toThrow(/keepLast must be a positive integer/)
  })
})
