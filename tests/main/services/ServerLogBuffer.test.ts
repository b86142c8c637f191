import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ServerLogEntry } from '@shared/mcp/logs'
import { ServerLogBuffer } from '../../../src/main/services/mcp/ServerLogBuffer'
import { ServerLogs } from '../../../src/main/services/mcp/serverLogs'

const entry = (i: number): ServerLogEntry => ({ timestamp: i, level: 'info', message: `line ${i}` })

describe('ServerLogBuffer', () => {
  it('keeps the last 200 entries per server, drops the oldest', () => {
    const buffer = new ServerLogBuffer()
    for (let i = 0; i < 250; i++) buffer.append('a', entry(i))
    buffer.append('b', entry(1))
    const a = buffer.get('a')
    expect(a).toHaveLength(200)
    expect(a[0].message).toBe('line 50')
    expect(a.at(-1)!.message).toBe('line 249')
    expect(buffer.get('b')).toHaveLength(1)
  })

  it('behaves like "the last N of everything appended", for any N and any number of appends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 80 }), fc.integer({ min: -2, max: 30 }), (max, count, tail) => {
        const buffer = new ServerLogBuffer<number>(max)
        const all = Array.from({ length: count }, (_, i) => i)
        for (const i of all) buffer.append('k', i)
        expect(buffer.get('k')).toEqual(all.slice(-max))
        expect(buffer.tail('k', tail)).toEqual(tail > 0 ? all.slice(-max).slice(-tail) : [])
      })
    )
  })

  it('reads are copies; remove forgets a server; a bad size is refused', () => {
    const buffer = new ServerLogBuffer(5)
    buffer.append('a', entry(1))
    buffer.get('a').push(entry(2))
    expect(buffer.get('a')).toHaveLength(1)
    buffer.remove('a')
    expect(buffer.get('a')).toEqual([])
    expect(() => new ServerLogBuffer(0)).toThrow(/maxEntries must be a positive integer/)
  })
})

describe('ServerLogs', () => {
  const server = { id: 's', name: 's', env: { GITHUB_TOKEN: 'ghp_supersecretvalue' }, isActive: true }
  function setup() {
    const batches: Array<{ serverId: string; entries: ServerLogEntry[] }> = []
    return { batches, logs: new ServerLogs((_event, payload) => batches.push(payload as never)) }
  }

  it('redacts the server\'s secrets and batches pushes to the renderer', () => {
    const { batches, logs } = setup()
    const write = logs.writer(server)
    for (let i = 0; i < 1000; i++) write('stderr', `token is ghp_supersecretvalue #${i}`)
    write('info', 'data', { apiKey: 'k-123456', nested: { password: 'pw-654321' } })
    logs.flush()
    expect(batches).toHaveLength(1)
    expect(batches[0].entries).toHaveLength(200)
    expect(batches[0].entries.at(-1)).toMatchObject({ message: 'data', data: { apiKey: '<redacted>', nested: { password: '<redacted>' } } })
    expect(batches[0].entries[0].message).toBe('token is <redacted> #801')
    const all = JSON.stringify([logs.get(server.id), batches])
    expect(all).not.toContain('ghp_supersecretvalue')
    expect(all).not.toContain('k-123456')
    expect(all).not.toContain('pw-654321')
    expect(logs.get(server.id)).toHaveLength(200)
  })

  it('pushes only what is new since the last push, and nothing when nothing is', () => {
    const { batches, logs } = setup()
    const write = logs.writer(server, 'stderr')
    write('stderr', 'one')
    logs.flush()
    write('stderr', 'two')
    write('stderr', 'three')
    logs.flush()
    logs.flush()
    expect(batches.map((b) => b.entries.map((e) => e.message))).toEqual([['one'], ['two', 'three']])
    expect(batches[0].serverId).toBe('s')
    expect(batches[0].entries[0]).toEqual({ timestamp: expect.any(Number), source: 'stderr', level: 'stderr', message: 'one' })
  })

  it('cuts long messages at 2000 characters, counts every cut character, and never shows half a secret', () => {
    const { logs } = setup()
    const write = logs.writer(server)
    // the secret straddles the 2000th character
    write('stderr', `${'a'.repeat(1995)}ghp_supersecretvalue${'b'.repeat(100_000)}`)
    const [kept] = logs.get(server.id)
    expect(kept.message.startsWith(`${'a'.repeat(1995)}<red`)).toBe(true)
    expect(kept.message).not.toContain('ghp_')
    // 1995 + 10 (<redacted>) + 100 000 characters after redaction, 2000 shown
    expect(kept.message.endsWith('…<100005 more>')).toBe(true)
  })

  it('entries read twice are equal but separate objects; remove drops what was waiting', () => {
    const { batches, logs } = setup()
    const write = logs.writer(server)
    write('info', 'hello')
    const first = logs.get(server.id)[0]
    first.message = 'changed'
    expect(logs.get(server.id)[0].message).toBe('hello')
    logs.remove(server.id)
    logs.flush()
    expect(batches).toEqual([])
    expect(logs.get(server.id)).toEqual([])
  })
})
