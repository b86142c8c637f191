import { describe, expect, it } from 'vitest'
import type { ServerLogEntry } from '@shared/mcp/logs'
import { ServerLogBuffer } from '../../../src/main/services/mcp/ServerLogBuffer'
import { ServerLogs } from '../../../src/main/services/mcp/serverLogs'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

const entry = (i: number): ServerLogEntry => ({ timestamp: i, level: 'info', message: `line ${i}` })

describe('ServerLogBuffer (G1)', () => {
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

  it('reads are copies; remove forgets a server', () => {
    const buffer = new ServerLogBuffer(5)
    buffer.append('a', entry(1))
    buffer.get('a').push(entry(2))
    expect(buffer.get('a')).toHaveLength(1)
    buffer.remove('a')
    expect(buffer.get('a')).toEqual([])
  })
})

describe('ServerLogs (G2–G4)', () => {
  it('redacts the server\'s secrets and batches pushes to the renderer', () => {
    const batches: Array<{ serverId: string; entries: ServerLogEntry[] }> = []
    const platform = createNodePlatform({ onEvent: (_e, payload) => batches.push(payload as never) })
    const logs = new ServerLogs(platform)
    const server = { id: 's', name: 's', env: { GITHUB_TOKEN: 'ghp_supersecretvalue' }, isActive: true }
    const write = logs.writer(server)
    for (let i = 0; i < 1000; i++) write('stderr', `token is ghp_supersecretvalue #${i}`)
    write('info', 'data', { apiKey: 'k-123456', nested: { password: 'pw-654321' } })
    logs.flush()
    expect(batches).toHaveLength(1)
    expect(batches[0].entries).toHaveLength(200)
    const all = JSON.stringify(logs.get(server))
    expect(all).not.toContain('ghp_supersecretvalue')
    expect(all).not.toContain('k-123456')
    expect(all).not.toContain('pw-654321')
    expect(logs.get(server)).toHaveLength(200)
  })
})
