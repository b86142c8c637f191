import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import { launchSpec } from '@shared/mcp/launchSpec'
import { openRegistry, readServersFile, removeTempDirs, tempDir, writeServersFile } from './helpers'

afterEach(removeTempDirs)

// servers.json as version 1 wrote it: one flat record per server, every transport's fields side by side
const flat = [
  {
    id: 'local',
    name: 'local',
    type: 'stdio',
    command: 'node',
    args: ['server.js'],
    env: { API_KEY: 'sk-local-123456' },
    cwd: '/srv/local',
    registryUrl: 'https://npm.mirror.example',
    description: 'runs here',
    displayName: 'Local one',
    logoUrl: 'https://example.test/logo.png',
    tags: ['dev'],
    provider: 'Me',
    providerUrl: 'https://example.test',
    disabledTools: ['rm'],
    autoApproveTools: ['ls'],
    disabledAutoApproveTools: ['cat'],
    timeout: 30,
    roots: ['/home/me'],
    isActive: true,
    installSource: 'manual'
  },
  // no type and a command: stdio, as version 1 ran it
  { id: 'untyped-command', name: 'untyped command', command: 'uvx', args: ['mcp-server-time'], isActive: false },
  // no type and a URL: Streamable HTTP first, SSE on a 4xx
  { id: 'untyped-url', name: 'untyped url', baseUrl: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer hdr-secret-1' }, isActive: true },
  { id: 'sse', name: 'sse', type: 'sse', baseUrl: 'https://sse.example.test/sse', isActive: false },
  { id: 'streamable', name: 'streamable', type: 'streamableHttp', baseUrl: 'https://s.example.test/mcp', oauth: { clientId: 'studio', scopes: ['read'] }, description: 'remote', isActive: true },
  { id: 'memory', name: BuiltinServerNames.memory, type: 'inMemory', env: { MEMORY_FILE_PATH: 'graph.jsonl' }, description: 'notes', isActive: true, installSource: 'builtin' },
  {
    id: 'ext',
    name: 'An extension',
    type: 'stdio',
    command: 'node',
    args: ['${__dirname}/index.js'],
    dxtPath: '/data/extensions/ext',
    dxtVersion: '1.2.0',
    userConfig: { greeting: 'hi' },
    installSource: 'dxt',
    isActive: false
  },
  // damaged: its env is not a map; it stays, named, for the user to fix
  { id: 'damaged', name: 'damaged one', type: 'stdio', command: 'node', env: 'API_KEY=1', isActive: false }
]

// the approvals version 1 stored: each server's target as it ran then
const approvals = {
  local: 'node server.js\nenv: API_KEY\ncwd: /srv/local',
  'untyped-url': 'https://mcp.example.test/mcp',
  streamable: 'https://s.example.test/mcp'
}

describe('a version 1 servers.json (the flat shape)', () => {
  it('loads with each transport meaning what it meant, nothing lost, and is written back in the new shape', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: flat, approvals })
    const registry = await openRegistry(dir)
    const { servers, approved, broken } = registry.snapshot()

    expect(servers.map((s) => [s.id, s.type])).toEqual([
      ['local', 'stdio'],
      ['untyped-command', 'stdio'],
      ['untyped-url', 'httpAuto'],
      ['sse', 'sse'],
      ['streamable', 'streamableHttp'],
      ['memory', 'inMemory'],
      ['ext', 'stdio']
    ])
    // what it runs did not change: the approvals given to version 1 still hold
    expect(approved).toMatchObject({ local: true, 'untyped-url': true, streamable: true, sse: false })
    expect(launchSpec(registry.get('untyped-url')!)).toMatchObject({ kind: 'http', transport: 'auto', url: 'https://mcp.example.test/mcp' })

    expect(registry.get('local')).toEqual({
      id: 'local',
      name: 'local',
      type: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { API_KEY: 'sk-local-123456' },
      cwd: '/srv/local',
      registryUrl: 'https://npm.mirror.example',
      ui: { description: 'runs here', displayName: 'Local one', logoUrl: 'https://example.test/logo.png', tags: ['dev'], provider: 'Me', providerUrl: 'https://example.test' },
      tools: { disabled: ['rm'], autoApprove: ['ls'], askFirst: ['cat'] },
      timeout: 30,
      roots: ['/home/me'],
      isActive: true,
      installSource: 'manual'
    })
    expect(registry.get('streamable')).toMatchObject({ oauth: { clientId: 'studio', scopes: ['read'] }, ui: { description: 'remote' } })
    expect(registry.get('memory')).toMatchObject({ env: { MEMORY_FILE_PATH: 'graph.jsonl' }, ui: { description: 'notes' }, installSource: 'builtin' })
    expect(registry.get('ext')).toMatchObject({ dxtPath: '/data/extensions/ext', dxtVersion: '1.2.0', userConfig: { greeting: 'hi' } })

    // a damaged entry is still reported by its name, and kept
    expect(broken).toMatchObject([{ id: 'damaged', name: 'damaged one', message: expect.stringContaining('env') }])

    const file = readServersFile(dir)
    expect(file.version).toBe(2)
    expect(file.servers.map((s) => s.id)).toEqual(['local', 'untyped-command', 'untyped-url', 'sse', 'streamable', 'memory', 'ext', 'damaged'])
    expect(file.servers[0]).toMatchObject({ ui: { description: 'runs here' }, tools: { disabled: ['rm'] } })
    expect(file.servers[0]).not.toHaveProperty('description')
    expect(file.servers[0]).not.toHaveProperty('disabledTools')
    expect(file.servers[2]).toMatchObject({ type: 'httpAuto', baseUrl: 'https://mcp.example.test/mcp' })
    expect(file.approvals).toEqual(approvals)

    // and reads back the same
    expect((await openRegistry(dir)).snapshot()).toEqual(registry.snapshot())
  })
})
