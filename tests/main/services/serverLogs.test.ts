import { describe, expect, it } from 'vitest'
import type { ServerLogEntry } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { ServerLogs } from '../../../src/main/services/mcp/serverLogs'

describe('ServerLogs', () => {
  const server: McpServer = { id: 's', name: 's', type: 'stdio', command: 'node', env: { GITHUB_TOKEN: 'ghp_supersecretvalue' }, isActive: true }
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

  it('a watcher sees each line as it is written, redacted like the push, and never the raw one', () => {
    const { batches, logs } = setup()
    const seen: Array<{ serverId: string; source?: string; entry: ServerLogEntry }> = []
    const unwatch = logs.watch((serverId, line) => seen.push({ serverId, source: line.source, entry: line.read() }))
    logs.writer(server, 'stderr')('stderr', 'token is ghp_supersecretvalue')
    unwatch()
    logs.writer(server, 'stderr')('stderr', 'unwatched')
    logs.flush()
    expect(seen).toEqual([{ serverId: 's', source: 'stderr', entry: expect.objectContaining({ message: 'token is <redacted>' }) }])
    expect(batches[0].entries[0]).toEqual(seen[0].entry)
    expect(batches[0].entries[0]).not.toBe(seen[0].entry)
    expect(JSON.stringify(seen)).not.toContain('ghp_')
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
