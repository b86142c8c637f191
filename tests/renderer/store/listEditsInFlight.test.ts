import { describe, expect, it } from 'vitest'
import type { ServersSnapshot } from '@shared/mcp/registry'
import { ListEditsInFlight } from '@renderer/store/listEditsInFlight'

const list = (...ids: string[]): ServersSnapshot => ({ servers: ids.map((id) => ({ id, name: id, type: 'stdio', command: id, isActive: false })), approved: {}, broken: [] })
const order = (snapshot: ServersSnapshot | undefined) => snapshot?.servers.map((s) => s.id)

describe('a list from main while the list’s own edits are on their way', () => {
  it('is applied at once when nothing is in flight', () => {
    const edits = new ListEditsInFlight()
    let shown: ServersSnapshot | undefined
    edits.offer(list('a', 'b'), (s) => (shown = s))
    expect(order(shown)).toEqual(['a', 'b'])
  })

  it('waits for every edit in flight, then only the newest is applied, once', () => {
    const edits = new ListEditsInFlight()
    const applied: ServersSnapshot[] = []
    const first = edits.begin()
    const second = edits.begin()
    // main's answer to the first move arrives while the second is on its way: it would undo it on screen
    edits.offer(list('b', 'a', 'c'), (s) => applied.push(s))
    first()
    expect(applied).toEqual([])
    edits.offer(list('b', 'c', 'a'), (s) => applied.push(s))
    second()
    second()
    expect(applied.map(order)).toEqual([['b', 'c', 'a']])
    edits.offer(list('c', 'b', 'a'), (s) => applied.push(s))
    expect(applied.map(order)).toEqual([['b', 'c', 'a'], ['c', 'b', 'a']])
  })
})
