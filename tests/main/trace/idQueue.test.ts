import { describe, expect, it } from 'vitest'
import { IdQueue } from '../../../src/main/services/trace/idQueue'

describe('the oldest-first queue the trace store evicts by', () => {
  it('gives the oldest id still live, skipping ids another bound already dropped, across sweeps', () => {
    const live = new Set<string>()
    const queue = new IdQueue(10, (id) => live.has(id))
    // far past the sweep point (2 × cap): only every 7th id stays live
    for (let i = 0; i < 5000; i++) {
      const id = `s${i}`
      queue.push(id)
      if (i % 7 === 0) live.add(id)
    }
    expect(queue.shift()).toBe('s0')
    live.delete('s7')
    expect(queue.shift()).toBe('s14')
    live.clear()
    expect(queue.shift()).toBeUndefined()
    live.add('late')
    queue.push('late')
    expect(queue.shift()).toBe('late')
  })
})
